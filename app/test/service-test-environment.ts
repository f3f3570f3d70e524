import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/*
 * Import this first in a service test: the environment the services read once (quiet logs, a
 * session secret, a throw-away DATA_DIR for uploads) must be set before any of them is loaded.
 */
process.env.SESSION_SECRET ??= "service-test-secret-service-test-secret-0123";
process.env.LOG_LEVEL = "silent";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "smb-service-test-"));
process.env.DATA_DIR = dataDir;

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
