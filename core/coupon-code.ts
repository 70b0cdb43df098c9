/**
 * How coupon codes are compared, by the shop and by the gestor area alike: without case or
 * surrounding spaces ("bemvindo10" is BEMVINDO10). The area saves codes this way, so a code
 * that looks unique on screen is unique to the shop too.
 */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
