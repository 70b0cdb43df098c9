/**
 * How a form action answers with the form to show again (sign-up, /conta's profile, the
 * new-student wizard): what the person typed, a fresh nonce, and never a cached copy.
 */
import { data } from "react-router";

/** The replies carry what the person typed: never kept by a cache. */
const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A fresh key that makes the page remount the form with the values the server sent. */
export const formNonce = () => crypto.randomUUID();

/** The action's reply for a form shown again, uncached. */
export function formReply<T>(body: T, status = 200) {
  return data(body, { status, headers: NO_STORE });
}

/** Longer than any field accepts: the schema reports it, and nothing larger is echoed back. */
const MAX_ECHOED_LENGTH = 200;

/** What was typed in these fields (a missing one is empty), to show the form again. */
export function typedValues<K extends string>(formData: FormData, keys: readonly K[], prefix = ""): Record<K, string> {
  return Object.fromEntries(
    keys.map((key) => [key, String(formData.get(`${prefix}${key}`) ?? "").slice(0, MAX_ECHOED_LENGTH)]),
  ) as Record<K, string>;
}
