/** The /conta intents of "Quem pode retirar" (issue 30): one form adds, one button per person removes. */
export const PICKUP_PEOPLE_INTENTS = { add: "add-pickup-person", remove: "remove-pickup-person" } as const;

/** Where /conta's "Quem pode retirar" section is. */
export const PICKUP_PEOPLE_ANCHOR = "quem-pode-retirar";
