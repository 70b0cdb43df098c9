/** Estoque's forms as the page and the action both name them (a refusal goes back to its form). */
export const ADJUST_FORM_ID = "ajuste";
export const TRACK_FORM_ID = "acompanhar";

/** The count form's fields, as the API takes them. */
export const STOCK_ADJUST_KEYS = ["unitCode", "itemTOTVSId", "mode", "amount", "reason", "seen"] as const;
