/**
 * A new sale's pickup code (issue 30; docs/decisions/0076-pickup-code.md): random, of the
 * alphabet core/delivery.ts keeps, unique per store. A code already taken is drawn again before
 * the insert, in the claim's transaction; the unique index (migration 0044) stays the guard.
 */
import type { Kysely } from "kysely";
import { PICKUP_CODE_ALPHABET, PICKUP_CODE_LENGTH } from "#core/delivery.ts";
import type { Database } from "#db/schema.ts";

function drawCode(): string {
  // 256 is not a multiple of 31: bytes from 248 up are drawn again, so every character is as likely.
  const limit = 256 - (256 % PICKUP_CODE_ALPHABET.length);
  let code = "";
  while (code.length < PICKUP_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(PICKUP_CODE_LENGTH))) {
      if (byte < limit && code.length < PICKUP_CODE_LENGTH)
        code += PICKUP_CODE_ALPHABET[byte % PICKUP_CODE_ALPHABET.length];
    }
  }
  return code;
}

export async function newPickupCode(db: Kysely<Database>, storeId: number): Promise<string> {
  for (;;) {
    const code = drawCode();
    const taken = await db
      .selectFrom("sales")
      .select("id")
      .where("store_id", "=", storeId)
      .where("pickup_code", "=", code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}
