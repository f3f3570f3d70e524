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
// Service tests place many orders and top-ups for one client; the hourly allowances (issue #49) have
// their own test over HTTP (app/routes/api.wallet.db.test.ts).
process.env.ORDERS_PER_CLIENT_PER_HOUR ??= "100000";
process.env.TOP_UPS_PER_CLIENT_PER_HOUR ??= "100000";

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
