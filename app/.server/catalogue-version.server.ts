import { bundledCatalogueVersion } from "./bundled-api.server.ts";

/** How often one server asks the database whether the catalogue changed (decision 0036). */
export const CATALOGUE_POLL_MS = 1_000;

let known: { version: number | null; checkedAt: number } | undefined;
let checking: Promise<number | null> | undefined;
let mustCheck = false;

/**
 * The catalogue's version as this server last saw it, asked of the database at most once a
 * second (and at once after catalogueMayHaveChanged): every server sees another's change
 * within about a second. Null when the store API is another server's: the caches then live
 * only for their time to live.
 */
export async function catalogueVersion(now = Date.now()): Promise<number | null> {
  if (known && !mustCheck && now - known.checkedAt < CATALOGUE_POLL_MS) return known.version;
  // A check that began before the gestor's change may have read the old version: start anew.
  if (checking && !mustCheck) return checking;
  mustCheck = false;
  const check = bundledCatalogueVersion().then((version) => {
    known = { version, checkedAt: Date.now() };
    return version;
  });
  checking = check;
  void check
    .finally(() => {
      if (checking === check) checking = undefined;
    })
    .catch(() => undefined);
  return check;
}

/**
 * This server just handled a request that may have changed the catalogue (a gestor's form):
 * the next read asks the database, so the gestor sees their change on the very next page.
 */
export function catalogueMayHaveChanged(): void {
  mustCheck = true;
}
