// The probes of a load balancer, an orchestrator or systemd (docs/decisions/0034-operations.md).
import { Router, type Response } from "express";

export const HEALTH_PATHS = new Set(["/healthz", "/readyz"]);

export interface HealthOptions {
  /** null when the store can take shoppers (database reachable and migrated), else why not. */
  notReadyReason: () => Promise<string | null>;
  /** The process is shutting down: a balancer should send its next requests elsewhere. */
  draining: () => boolean;
}

function answer(res: Response, status: number, body: Record<string, string>) {
  // Probes must see the process as it is now, never a cached answer.
  res.status(status).set("Cache-Control", "no-store").json(body);
}

/**
 * GET /healthz: the process answers (nothing else is asked, so a slow database never gets a live
 * process restarted). GET /readyz: it can serve shoppers now, else 503 with the reason. Both are
 * answered here, before the storefront: no session, CSRF token or rate limit is involved.
 */
export function healthRoutes({ notReadyReason, draining }: HealthOptions): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => answer(res, 200, { status: "ok" }));
  router.get("/readyz", async (_req, res) => {
    if (draining()) return answer(res, 503, { status: "indisponível", reason: "encerrando" });
    const reason = await notReadyReason().catch(() => "falha ao verificar");
    if (reason) return answer(res, 503, { status: "indisponível", reason });
    answer(res, 200, { status: "pronta" });
  });
  return router;
}
