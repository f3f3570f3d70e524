import pino from "pino";
import { getEnv } from "./env.server";

const loggerKey = Symbol.for("smb.logger");
type LoggerHolder = { [loggerKey]?: pino.Logger };

/**
 * The process logger. Headers that carry credentials are redacted at the source, so no log line can
 * hold a token, a cookie, a password or card data even when someone logs a whole request.
 */
export function getLogger(): pino.Logger {
  const holder = globalThis as LoggerHolder;
  holder[loggerKey] ??= pino({
    level: getEnv().LOG_LEVEL,
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "*.password",
        "*.card",
        "*.pin",
        "*.otp",
        "*.token",
      ],
      censor: "[redacted]",
    },
  });
  return holder[loggerKey];
}
