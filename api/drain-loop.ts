/**
 * How an outbox's worker runs (the mail outbox, docs/decisions/0020-mail-outbox.md, and the
 * WhatsApp one, 0080): one drain at a time, a drain asked for meanwhile runs once more after it;
 * a nudge drains soon, and once more a little later, as on PostgreSQL the nudge can come before
 * the enqueuing transaction commits (SQLite's one connection makes it wait); a poll on an
 * unref'd timer (it never keeps the process alive); a stop that waits for a drain under way.
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */

const NUDGE_FOLLOW_UP_MS = 1_000;

export interface DrainLoop {
  /** Sends every due message; resolves with how many were sent. */
  drain(): Promise<number>;
  /** Drains soon (after the current transaction), without waiting for the poll. */
  nudge(): void;
  /** Drains now and every `intervalMs`. */
  start(intervalMs?: number): void;
  /** No more polls or follow-ups; resolves once a drain under way is over. */
  stop(): Promise<void>;
}

/**
 * `drainAll` sends what is due until nothing is; `onError` logs a drain that failed (the next
 * poll tries again).
 */
export function createDrainLoop(
  drainAll: () => Promise<number>,
  options: { pollIntervalMs: number; onError: (error: unknown) => void },
): DrainLoop {
  let running: Promise<number> | null = null;
  let again = false;
  let followUp: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      try {
        do {
          again = false;
          sent += await drainAll();
        } while (again);
      } finally {
        running = null;
      }
      return sent;
    })();
    return running;
  }

  const drainLogged = () => void drain().catch(options.onError);

  return {
    drain,
    nudge() {
      setImmediate(drainLogged);
      // One follow-up at a time, however many messages a busy second queues.
      followUp ??= setTimeout(() => {
        followUp = null;
        drainLogged();
      }, NUDGE_FOLLOW_UP_MS).unref();
    },
    start(intervalMs = options.pollIntervalMs) {
      drainLogged();
      poll = setInterval(drainLogged, intervalMs).unref();
    },
    async stop() {
      clearInterval(poll ?? undefined);
      clearTimeout(followUp ?? undefined);
      poll = followUp = null;
      await running;
    },
  };
}
