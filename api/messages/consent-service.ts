/**
 * The customer's WhatsApp consent as the store API serves it (issue 31;
 * docs/decisions/0080-whatsapp-channel.md): read, given and withdrawn with the customer's own
 * token only. The rules hold whatever the page did: no consent while the store has WhatsApp off,
 * none without a mobile number, and a withdrawal stops what is still queued.
 */
import { WHATSAPP_TEXTS, type WhatsappConsent, type WhatsappConsentSource } from "../contract/messages.ts";
import type { CustomerRow } from "../customers/repository.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { cancelQueuedMessagesOf, readConsent, writeConsent } from "./consent.ts";
import { maskedWhatsappNumber, whatsappNumberOf } from "./whatsapp-number.ts";

/** Whether the store sends WhatsApp: its WHATSAPP_* settings put `whatsapp` in the deps. */
export const whatsappAvailable = (deps: ApiDeps) => deps.whatsapp !== undefined;

export async function whatsappConsentOf(deps: ApiDeps, customer: CustomerRow): Promise<WhatsappConsent> {
  const stored = await readConsent(deps.db, customer.id);
  const number = whatsappNumberOf(stored?.cellPhone);
  return {
    available: whatsappAvailable(deps),
    consentedAt: stored?.consentedAt ?? null,
    source: stored?.source ?? null,
    phone: number ? maskedWhatsappNumber(number) : null,
  };
}

/**
 * Opts in (the first date kept while it lasts) or withdraws. Withdrawing cancels, in the same
 * transaction, the customer's messages still queued and not in flight: one the worker has
 * already handed to Meta cannot be called back, and one waiting in flight (its send timed out) is
 * cancelled by the worker, which sends nothing more to a customer without consent
 * (whatsapp-outbox.ts).
 */
export async function changeWhatsappConsent(
  deps: ApiDeps,
  customer: CustomerRow,
  change: { consent: boolean; source: WhatsappConsentSource },
): Promise<WhatsappConsent> {
  if (!whatsappAvailable(deps)) throw new ApiError(409, WHATSAPP_TEXTS.unavailable);
  const at = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // One change at a time per account: a withdrawal in one tab and an opt-in in another end in one state.
    await lockCustomer(trx, customer.id);
    if (change.consent) {
      const stored = await readConsent(trx, customer.id);
      if (!whatsappNumberOf(stored?.cellPhone)) throw new ApiError(422, WHATSAPP_TEXTS.noMobile);
      await writeConsent(trx, customer.id, { ...change, at });
      return;
    }
    await writeConsent(trx, customer.id, { ...change, at });
    await cancelQueuedMessagesOf(trx, [customer.id], at);
  });
  return whatsappConsentOf(deps, customer);
}
