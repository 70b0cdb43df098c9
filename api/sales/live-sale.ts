/**
 * A sale in these states holds its cart: the finish that claimed it is charging it, waits for
 * the payment or is paid, so nothing else may change the cart (a gestor removal included).
 * Kept free of imports: the gestor CLI loads it under Node's type stripping.
 */
export const LIVE_SALE_STATUSES = ["processing", "pending", "paid"] as const;
