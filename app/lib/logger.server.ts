import pino from "pino";
import pretty from "pino-pretty";
import { getEnv, type Env } from "./env.server";

const loggerKey = Symbol.for("smb.logger");
type LoggerHolder = { [loggerKey]?: pino.Logger };

/**
 * The process logger. Headers that carry credentials are redacted at the source, so no log line can
 * hold a token, a cookie, a password or card data even when someone logs a whole request.
 */
export function getLogger(): pino.Logger {
  const holder = globalThis as LoggerHolder;
  if (holder[loggerKey]) return holder[loggerKey];
  const env = getEnv();
  const options: pino.LoggerOptions = {
    level: env.LOG_LEVEL,
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
  };
  holder[loggerKey] = logsArePretty(env) ? pino(options, pretty({ colorize: true, sync: true, ignore: "pid,hostname" })) : pino(options);
  return holder[loggerKey];
}

/**
 * Human lines for a person at a terminal (`npm run dev`, `npm start` in a shell); one JSON object
 * per line for log collectors (a service manager or container, where stdout is not a terminal).
 * LOG_FORMAT forces either.
 */
export function logsArePretty(env: Pick<Env, "LOG_FORMAT">, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  return env.LOG_FORMAT === "auto" ? stdoutIsTerminal : env.LOG_FORMAT === "pretty";
}
