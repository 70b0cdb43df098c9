/** How the page cache is bounded (docs/decisions/0036-page-cache.md). */
export interface PageCacheSettings {
  /** The most the cached pages of one process may hold; 0 turns the cache off. */
  maxBytes: number;
  /** How long a page is kept at most: what time changes on a page (sale windows, the year) shows within it. */
  ttlMs: number;
  /** Whether logged-in parents' pages are shared too, filled per response (decision 0084); PAGE_CACHE_LOGGED_IN=0 turns it off. */
  loggedIn: boolean;
}

const DEFAULT_MEGABYTES = 32;

/** PAGE_CACHE_MB (megabytes; 0 turns it off), checked like every setting: a bad value stops the start. */
export function pageCacheSettings(env: NodeJS.ProcessEnv = process.env): PageCacheSettings {
  const raw = env.PAGE_CACHE_MB?.trim();
  const megabytes = raw ? Number(raw) : DEFAULT_MEGABYTES;
  if (!Number.isInteger(megabytes) || megabytes < 0 || megabytes > 4096)
    throw new Error(
      `PAGE_CACHE_MB inválido: "${raw ?? ""}". Use um número inteiro de megabytes entre 0 e 4096 (0 desliga o cache de páginas).`,
    );
  const loggedIn = env.PAGE_CACHE_LOGGED_IN?.trim() ?? "1";
  if (loggedIn !== "0" && loggedIn !== "1")
    throw new Error(
      `PAGE_CACHE_LOGGED_IN inválido: "${loggedIn}". Use 1 (as páginas de quem está logado também vêm do cache) ou 0.`,
    );
  return { maxBytes: megabytes * 1024 * 1024, ttlMs: 30_000, loggedIn: loggedIn === "1" };
}

/** Whether the client takes gzip: pages are gzip (or plain), never Brotli, which costs far more per response. */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(",") : (header ?? "");
  const weights = new Map<string, number>();
  for (const part of value.split(",")) {
    const [coding = "", ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    weights.set(coding, q === undefined ? 1 : Number(q.slice(2)));
  }
  return (weights.get("gzip") ?? weights.get("*") ?? 0) > 0;
}
