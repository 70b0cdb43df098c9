/**
 * How long a Pix code stays payable (docs/decisions/0022-pix.md): PIX_EXPIRY_MINUTES, checked
 * at start within these bounds. Long enough to open a bank app, short enough that an unpaid
 * order gives its coupon back the same day.
 */
export const PIX_EXPIRY_MINUTES = { default: 30, min: 5, max: 24 * 60 } as const;

/** When a code issued `now` stops being payable. */
export const pixExpiryOf = (deps: { pixExpiryMinutes?: number }, now: Date): Date =>
  new Date(now.getTime() + (deps.pixExpiryMinutes ?? PIX_EXPIRY_MINUTES.default) * 60_000);
