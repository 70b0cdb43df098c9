// What the contact form shows without its rules (docs/decisions/0039-form-pages-weight.md):
// apart from support-fields.ts so the form's page does not load Zod with it.

/** The subjects a parent can choose, in the order the form lists them, with their labels. */
export const SUPPORT_SUBJECTS = {
  pedido: "Pedido",
  pagamento: "Pagamento",
  matricula: "Matrícula em curso",
  outro: "Outro",
} as const;
export type SupportSubject = keyof typeof SUPPORT_SUBJECTS;

export const SUPPORT_MESSAGE_MAX = 2000;
