import { randomBytes } from "node:crypto";
import type { StoreDatabase } from "./client.ts";

/**
 * The root secret the servers of one PostgreSQL database share when SESSION_SECRET is unset
 * (docs/decisions/0035-several-servers.md): the first server to start writes one and every
 * server, then and later, reads that one. `offered` is a secret this server already had (the
 * DATA_DIR/session-secret of a store that ran before), so upgrading logs nobody out.
 */
export async function sharedSessionSecret(db: StoreDatabase, now: Date, offered?: string): Promise<string> {
  await db
    .insertInto("server_secrets")
    .values({ name: "session", value: offered ?? randomBytes(32).toString("base64url"), created_at: now.toISOString() })
    // Servers starting at once: the first insert wins and the others read it below.
    .onConflict((conflict) => conflict.column("name").doNothing())
    .execute();
  const row = await db
    .selectFrom("server_secrets")
    .select("value")
    .where("name", "=", "session")
    .executeTakeFirstOrThrow();
  return row.value;
}
