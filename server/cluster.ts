// Several worker processes on one machine with node:cluster (docs/decisions/0034-operations.md).
// The primary serves nothing: the store was migrated and seeded before it forks, its workers
// each run server.js as a lone server would, sharing the port.
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";

const SHUTDOWN = "loja:shutdown";
const CANNOT_LISTEN = "loja:cannot-listen";

/** A worker that dies within a minute of another waits longer before it is replaced: 0.5 s, 1 s, 2 s … 30 s. */
const CRASH_WINDOW_MS = 60_000;
const MAX_RESTART_DELAY_MS = 30_000;

export function restartDelayMs(crashesInWindow: number): number {
  return Math.min(MAX_RESTART_DELAY_MS, 500 * 2 ** Math.max(0, crashesInWindow - 1));
}

export interface PrimaryOptions {
  workers: number;
  logger: Logger;
  /** Logged once every worker listens, never before. */
  readyLine: string;
  /** How long a worker may drain (SHUTDOWN_TIMEOUT_MS); a worker still alive a little after is killed. */
  shutdownTimeoutMs: number;
  /** The script every worker runs (server.js), whatever started the primary. */
  script: string;
}

function isMessage(message: unknown, type: string): message is { type: string; text?: string } {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === type;
}

export function runPrimary({ workers, logger, readyLine, shutdownTimeoutMs, script }: PrimaryOptions): void {
  cluster.setupPrimary({ exec: script });
  const alive = new Set<Worker>();
  let listening = 0;
  let ready = false;
  let stopping = false;
  let exitCode = 0;
  let crashes: number[] = [];

  const exitWhenAllGone = () => {
    if (alive.size === 0) process.exit(exitCode);
  };
  const stopAll = (why: string) => {
    if (stopping) return;
    stopping = true;
    if (ready) logger.info({ why }, "Encerrando os processos de trabalho");
    for (const worker of alive) if (worker.isConnected()) worker.send({ type: SHUTDOWN });
    setTimeout(() => {
      for (const worker of alive) worker.process.kill("SIGKILL");
    }, shutdownTimeoutMs + 5_000).unref();
    exitWhenAllGone();
  };
  /** A failure at start (the port taken, the database gone) stops the store instead of looping. */
  const failAtStart = (text: string) => {
    if (stopping) return;
    logger.fatal(text);
    exitCode = 1;
    stopAll("falha na partida");
  };
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on("message", (message: unknown) => {
      if (isMessage(message, CANNOT_LISTEN)) failAtStart(message.text ?? "Não foi possível abrir a porta.");
    });
  };

  cluster.on("listening", (worker) => {
    logger.debug({ workerPid: worker.process.pid }, "Processo de trabalho ouvindo");
    if (ready || ++listening < workers) return;
    ready = true;
    logger.info({ workers }, readyLine);
  });
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) return exitWhenAllGone();
    if (!ready)
      return failAtStart(`Um processo de trabalho terminou durante a partida (${signal ?? `código ${code}`}).`);
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    const delayMs = restartDelayMs(crashes.length);
    logger.error(
      { workerPid: worker.process.pid, code, signal, restartInMs: delayMs },
      "Processo de trabalho terminou inesperadamente; outro será iniciado",
    );
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => stopAll(signal));
  for (let started = 0; started < workers; started++) fork();
}

/** In a worker: the primary asks for a graceful shutdown. */
export function onPrimaryShutdown(begin: () => void): void {
  process.on("message", (message: unknown) => {
    if (isMessage(message, SHUTDOWN)) begin();
  });
}

/** In a worker: the port cannot be opened; the primary says so once, and stops the store. */
export function reportCannotListen(text: string): void {
  process.send?.({ type: CANNOT_LISTEN, text }, () => process.exit(1));
}
