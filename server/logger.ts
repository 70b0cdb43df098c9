// One JSON line per event, for the process and everything it prints (docs/decisions/0034-operations.md).
import { format } from "node:util";
import { pino, stdTimeFunctions, type Level, type Logger } from "pino";

/**
 * Fields that may carry a secret if a log call ever passes a body or headers: written as "…".
 * The request log itself writes only chosen fields (server/request-log.ts).
 */
const REDACTED = [
  "password",
  "senha",
  "token",
  "cvv",
  "cvc",
  "cardNumber",
  "authorization",
  "cookie",
  "*.password",
  "*.senha",
  "*.token",
  "*.cvv",
  "*.cvc",
  "*.cardNumber",
  "*.authorization",
  "*.cookie",
];

/**
 * The process's logger. It writes through process.stdout (not straight to file descriptor 1), so
 * whatever wraps stdout sees every line: the e2e server keeps a copy in DATA_DIR/server.log.
 */
export function createLogger(level: Level | "silent"): Logger {
  return pino(
    {
      level,
      base: { pid: process.pid },
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: "…" },
    },
    process.stdout,
  );
}

/**
 * What the store's modules print with console.* (the jobs, the API's warnings, React's render
 * errors) becomes JSON lines of the same logger, at the matching level; an Error argument is
 * kept whole under `err` (name, message and stack).
 */
export function routeConsoleTo(logger: Logger): void {
  const levels = { debug: "debug", info: "info", log: "info", warn: "warn", error: "error" } as const;
  for (const [method, level] of Object.entries(levels)) {
    console[method as keyof typeof levels] = (...args: unknown[]) => {
      const err = args.find((arg) => arg instanceof Error);
      const message = format(...args.filter((arg) => arg !== err));
      if (err) logger[level]({ err }, message || err.message);
      else logger[level](message);
    };
  }
}
