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
  holder[loggerKey] = logsArePretty(env) ? createLogger(env.LOG_LEVEL, pretty({ colorize: true, sync: true, ignore: "pid,hostname" })) : createLogger(env.LOG_LEVEL);
  return holder[loggerKey];
}

/**
 * A logger with the process logger's redaction, writing to `destination` (stdout by default). A test
 * server inside the test process is given one that keeps its lines (setLogger).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  const options: pino.LoggerOptions = {
    level,
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
  return destination ? pino(options, destination) : pino(options);
}

/** Sets (or, with undefined, forgets) the process logger. */
export function setLogger(logger: pino.Logger | undefined) {
  (globalThis as LoggerHolder)[loggerKey] = logger;
}

/**
 * Human lines for a person at a terminal (`npm run dev`, `npm start` in a shell); one JSON object
 * per line for log collectors (a service manager or container, where stdout is not a terminal).
 * LOG_FORMAT forces either.
 */
export function logsArePretty(env: Pick<Env, "LOG_FORMAT">, stdoutIsTerminal = Boolean(process.stdout.isTTY)): boolean {
  return env.LOG_FORMAT === "auto" ? stdoutIsTerminal : env.LOG_FORMAT === "pretty";
}
