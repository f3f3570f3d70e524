import { PGlite } from "@electric-sql/pglite";
let t=Date.now();
const db = await PGlite.create("/tmp/pgltest2");
console.log("open", Date.now()-t);
await db.exec("create table if not exists t(id int)"); await db.query("insert into t values (1)");
console.log((await db.query("select count(*) from t")).rows);
t=Date.now(); await db.close(); console.log("close", Date.now()-t);
