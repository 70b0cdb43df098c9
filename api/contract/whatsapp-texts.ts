/**
 * The WhatsApp consent's texts and sources (issue 31; docs/decisions/0080-whatsapp-channel.md),
 * apart from the contract's Zod declarations in messages.ts: the sign-up, /conta, the checkout
 * and the privacy policy import them in the browser, and a module that declares Zod schemas at
 * its top level brings Zod (~28 KB gzip) into every page that imports it
 * (docs/decisions/0081-js-budget.md).
 */
export const WHATSAPP_CONSENT_SOURCES = ["cadastro", "conta", "checkout"] as const;
export type WhatsappConsentSource = (typeof WHATSAPP_CONSENT_SOURCES)[number];

/** What the pages say, one home for the sign-up, /conta, the checkout and the privacy policy. */
export const WHATSAPP_TEXTS = {
  /** The checkbox, unticked by default wherever it is asked. */
  /** Names every purpose (LGPD art. 8º §4), the cart reminder too (a MARKETING template, issue 31). */
  consentLabel:
    "Quero receber pelo WhatsApp os avisos dos meus pedidos (pagamento, lembretes e retirada) e lembretes de itens esquecidos no carrinho.",
  consentHint: 'Enviamos para o seu celular cadastrado. Para parar, responda "SAIR" ou desmarque em Minha Conta.',
  sectionTitle: "Avisos pelo WhatsApp",
  consentedSince: (date: string) => `Você recebe avisos pelo WhatsApp desde ${date}.`,
  notConsented: "Você recebe os avisos só por e-mail.",
  noMobile: "Cadastre um celular com DDD para receber avisos pelo WhatsApp.",
  consentSaved: "Pronto: você vai receber os avisos dos seus pedidos e do seu carrinho pelo WhatsApp.",
  consentWithdrawn: "Pronto: você não recebe mais avisos pelo WhatsApp.",
  unavailable: "Os avisos pelo WhatsApp não estão disponíveis nesta loja.",
  /** The answer that withdraws consent, case and accents ignored. */
  stopWord: "SAIR",
} as const;
