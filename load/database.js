// A fresh, empty PostgreSQL database for one run (as server/testing/spawn-server.ts creates them),
// with a connection for the integrity checks; drop() removes it even while the server is connected.
import pg from "pg";

export async function createDatabase(serverUrl) {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 10_000 });
  await admin.connect();
  const name = `smb_load_${process.pid}_${Date.now()}`;
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let client;
  return {
    name,
    url: url.toString(),
    async query(sql, parameters) {
      if (!client) {
        client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000, statement_timeout: 60_000 });
        await client.connect();
      }
      return client.query(sql, parameters);
    },
    async drop() {
      await client?.end().catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
