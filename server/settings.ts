// The process-level settings server.js reads before the store's own (app/.server/env.server.ts):
// how many workers, how to log, how long a shutdown may wait (docs/decisions/0034-operations.md).
import os from "node:os";
import { z } from "zod";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const wholeNumber = (min: number, max: number, message: string) =>
  z.string().trim().regex(/^\d+$/, message).transform(Number).pipe(z.number().min(min, message).max(max, message));

const schema = z.object({
  NODE_ENV: z.string().default("production"),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `use um destes: ${LOG_LEVELS.join(", ")}.` }).default("info"),
  LOG_REQUESTS: z.enum(["true", "false"], { message: 'use "true" ou "false".' }).default("true"),
  WEB_CONCURRENCY: wholeNumber(1, 64, "use um número inteiro de processos, de 1 a 64.").optional(),
  SHUTDOWN_TIMEOUT_MS: wholeNumber(0, 600_000, "use um tempo em milissegundos, de 0 a 600000 (10 minutos).").default(
    10_000,
  ),
  // At most 290 s: the headers' wait, 5 s longer, must stay within Node's 300 s for a request.
  KEEP_ALIVE_TIMEOUT_MS: wholeNumber(1_000, 290_000, "use um tempo em milissegundos, de 1000 a 290000.").default(
    65_000,
  ),
});

export interface ProcessSettings {
  logLevel: (typeof LOG_LEVELS)[number];
  logRequests: boolean;
  /** Worker processes: 1 runs the store in this process, as before workers existed. */
  workers: number;
  /** The longest the requests under way may take to finish once SIGTERM or SIGINT arrives. */
  shutdownTimeoutMs: number;
  /**
   * How long an idle kept-alive connection stays open. Longer than a load balancer's own idle
   * time (60 s for nginx's upstream keepalive and AWS's ALB): otherwise the balancer may send a
   * request on a connection the server is closing, and the shopper gets a 502.
   */
  keepAliveTimeoutMs: number;
}

/**
 * The settings from `env`. WEB_CONCURRENCY defaults to one worker per core in production
 * (rate limits, job locks and sessions already live in the database: a worker holds nothing
 * another needs) and to 1 elsewhere. A bad value throws one Portuguese line per variable.
 */
export function processSettings(env: NodeJS.ProcessEnv): ProcessSettings {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Configuração inválida:\n${problems.join("\n")}`);
  }
  const data = result.data;
  return {
    logLevel: data.LOG_LEVEL,
    logRequests: data.LOG_REQUESTS === "true",
    workers: data.WEB_CONCURRENCY ?? (data.NODE_ENV === "production" ? os.availableParallelism() : 1),
    shutdownTimeoutMs: data.SHUTDOWN_TIMEOUT_MS,
    keepAliveTimeoutMs: data.KEEP_ALIVE_TIMEOUT_MS,
  };
}
