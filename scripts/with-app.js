// The production build's app for a one-off command (npm run create-admin, npm run check-ledger): the
// same build, database and rules as the server. With the embedded database the server must be
// stopped first (one owner per data directory).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { applyLocalRunDefaults } from "../app/lib/local-secret.js";

/**
 * Opens the app without its background jobs (a command does its one thing), runs `task` with it and
 * closes it again. Exits 1 when there is no build; `task`'s errors are the caller's.
 */
export async function withApp(task) {
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
    await app.prepare({ background: false });
    return await task(app);
  } finally {
    if (app) await app.shutdown().catch(() => {});
  }
}
