// Plain JavaScript so both the TypeScript app and server/start.js (run without a compiler) use it.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A session secret generated once and kept beside the local data, so a store run without
 * configuration keeps its sessions across restarts. Deployments set SESSION_SECRET instead.
 * @param {string} dataDir
 * @returns {string}
 */
export function readOrCreateLocalSecret(dataDir) {
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(48).toString("base64url"), { flag: "wx", mode: 0o600 });
  } catch (error) {
    if (error.code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/**
 * `npm start` (and the scripts beside it) with NODE_ENV unset: run the optimised build, with a secret
 * kept in the data folder, on http://localhost:PORT, on the Paystack sandbox unless a key is set. A
 * deployment that says NODE_ENV=production itself must set SESSION_SECRET and PUBLIC_URL.
 * @param {NodeJS.ProcessEnv} env
 */
export function applyLocalRunDefaults(env = process.env) {
  if (env.NODE_ENV) return;
  env.NODE_ENV = "production";
  // A local run without keys pays on the built-in sandbox (a deployment must ask for it: env.server.ts).
  if (!env.PAYSTACK_SECRET_KEY) env.PAYMENTS_SANDBOX ||= "true";
  env.SESSION_SECRET ||= readOrCreateLocalSecret(path.resolve(env.DATA_DIR || "./data"));
  // Production builds links from PUBLIC_URL; a local run is on this machine (with PORT=0 it must be given).
  if (!env.PUBLIC_URL && env.PORT !== "0") env.PUBLIC_URL = `http://localhost:${env.PORT || 3000}`;
}
