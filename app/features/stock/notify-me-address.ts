/**
 * Where the "Avise-me quando chegar" form posts and its id (issue 28), apart from its Zod schemas
 * (notify-me-schema.ts): the form imports these with the page and the schemas on its first focus
 * (docs/decisions/0081-js-budget.md).
 */
export const NOTIFY_ME_PATH = "/avise-me";

export const notifyMeFormId = (itemTOTVSId: number) => `avise-me-${itemTOTVSId}`;
