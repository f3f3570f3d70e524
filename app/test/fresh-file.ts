import { setPaystack } from "~/features/paystack/paystack.server";
import { setUploadStorage } from "~/features/uploads/storage.server";
import { setDatabase } from "~/lib/database/db.server";
import { forgetEnv } from "~/lib/env.server";
import { setLogger } from "~/lib/logger.server";

/*
 * Vitest's setup file, run before each test file: the test processes are shared by many files
 * (vitest.config.ts, isolate: false), so each file starts from the environment the process started
 * with and from no process-wide database, logger, upload storage or Paystack access.
 */
const pristineKey = Symbol.for("smb.test.pristineEnv");
const holder = globalThis as { [pristineKey]?: Record<string, string | undefined> };
holder[pristineKey] ??= { ...process.env };
const pristine = holder[pristineKey];
for (const name of Object.keys(process.env)) if (!(name in pristine)) delete process.env[name];
Object.assign(process.env, pristine);
forgetEnv();
setDatabase(undefined);
setLogger(undefined);
setUploadStorage(undefined);
setPaystack(undefined);
