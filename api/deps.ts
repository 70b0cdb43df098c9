import type { StoreDatabase } from "#db/client.ts";

/** What every resource of the bundled API is built with (one per server process). */
export interface ApiDeps {
  db: StoreDatabase;
  /** The current time; tests pass a fixed clock. */
  now: () => Date;
}
