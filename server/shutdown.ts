// Graceful shutdown of one server process (docs/decisions/0034-operations.md).
import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

export interface ShutdownOptions {
  server: Server;
  logger: Logger;
  /** The longest the requests under way may take; then their connections are cut. */
  timeoutMs: number;
  /** Once the last request is answered: periodic jobs stopped, database closed. */
  closeStore: () => Promise<void>;
}

export interface Shutdown {
  /** Starts the shutdown (again is harmless): SIGTERM, SIGINT or the primary's message. */
  begin: (why: string) => void;
  draining: () => boolean;
  /** Replies sent while draining close their connection, so keep-alive clients reconnect elsewhere. */
  closeConnectionsWhileDraining: (req: Request, res: Response, next: NextFunction) => void;
}

/**
 * Stops accepting connections, closes the idle keep-alive ones, lets the requests under way
 * finish for up to `timeoutMs`, then closes the store and exits 0 (1 if closing it failed).
 */
export function gracefulShutdown({ server, logger, timeoutMs, closeStore }: ShutdownOptions): Shutdown {
  let draining = false;
  const begin = (why: string) => {
    if (draining) return;
    draining = true;
    logger.info(
      { why, timeoutMs },
      "Encerrando: a loja não aceita novas conexões e termina as requisições em andamento",
    );
    const cut = setTimeout(() => {
      logger.warn(
        { timeoutMs },
        "Requisições ainda em andamento após o limite de encerramento: conexões interrompidas",
      );
      server.closeAllConnections();
    }, timeoutMs);
    cut.unref();
    const closeStoreAndExit = () => {
      clearTimeout(cut);
      closeStore().then(
        () => {
          logger.info("Loja encerrada");
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, "Falha ao fechar o banco de dados no encerramento");
          process.exit(1);
        },
      );
    };
    // A worker asked to stop before its port opened (another worker found the port taken) has
    // nothing to drain; closing a server whose cluster listen is still pending makes Node throw
    // a TypeError when the primary's reply arrives (net.js, listenOnPrimaryHandle).
    if (!server.listening) return closeStoreAndExit();
    server.close(closeStoreAndExit);
    server.closeIdleConnections();
  };
  return {
    begin,
    draining: () => draining,
    closeConnectionsWhileDraining: (_req, res, next) => {
      if (draining) res.setHeader("Connection", "close");
      next();
    },
  };
}
