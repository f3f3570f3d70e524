// `npm run create-admin -- --email E --password P [--username U] [--name "Full Name"]`
// The only way an admin account is made. Uses the same build, database and rules as the server, so
// with the embedded database the server must be stopped first (one owner per data directory).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { applyLocalRunDefaults } from "../app/lib/local-secret.js";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    username: { type: "string", default: "admin" },
    name: { type: "string", default: "Administrator" },
  },
});
if (!values.email || !values.password) {
  console.error('Usage: npm run create-admin -- --email E --password P [--username U] [--name "Full Name"]');
  process.exit(2);
}

applyLocalRunDefaults();
process.env.REQUEST_LOGS = "false";
process.env.LOG_LEVEL ??= "warn";
const serverBuild = path.resolve(process.env.BUILD_DIR || "build", "server/index.js");
if (!fs.existsSync(serverBuild)) {
  console.error(`No build at ${serverBuild}: run "npm run build" first.`);
  process.exit(1);
}

let app;
try {
  app = await import(pathToFileURL(serverBuild).href);
  await app.prepare();
  const admin = await app.createAdmin({ email: values.email, password: values.password, username: values.username, fullName: values.name });
  console.log(`Admin account created: ${admin.email} (username ${admin.username}).`);
} catch (error) {
  const issues = error?.issues?.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  console.error(issues ? `Invalid input:\n  ${issues.join("\n  ")}` : (error?.message ?? error));
  process.exitCode = 1;
} finally {
  if (app) await app.shutdown().catch(() => {});
}
