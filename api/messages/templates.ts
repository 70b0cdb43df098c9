/**
 * The WhatsApp message templates the store sends (issue 31; docs/decisions/0080-whatsapp-channel.md).
 * Meta sends a business-initiated message only from a template approved beforehand in WhatsApp
 * Manager, by name and language, with the body's {{1}}, {{2}}… filled from the message's
 * parameters. This list is the one home of what is registered there (docs/whatsapp.md copies
 * it): the worker sends by `name`, the fallback e-mail and the gestor's list read `body`, and the
 * tests' Cloud API double accepts exactly these.
 *
 * Parameters are one line each: Meta refuses a parameter with a line break, a tab or more than
 * four spaces in a row (error 132018), and an empty one (131008). `templateParameter` makes any
 * text fit.
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */

/** The language every template is registered in. */
export const TEMPLATE_LANGUAGE = "pt_BR";

/** Meta's template categories: UTILITY for what follows an order, MARKETING for a nudge to buy. */
export type TemplateCategory = "UTILITY" | "MARKETING";

export interface WhatsappTemplate {
  /** The name registered at Meta (lowercase, digits and underscores). */
  name: string;
  category: TemplateCategory;
  /** What the gestor's list calls it. */
  label: string;
  /** The body as registered, with {{1}}…{{n}} in order. */
  body: string;
  /** What each parameter is, in order (for docs/whatsapp.md and the registration's examples). */
  parameters: readonly string[];
  /** A sample of each parameter, which Meta asks for when the template is submitted. */
  examples: readonly string[];
}

export const WHATSAPP_TEMPLATES = {
  /** A card, free or paid order: what was bought. */
  "order-received": {
    name: "pedido_recebido",
    category: "UTILITY",
    label: "Pedido recebido",
    body: "Olá, {{1}}! Recebemos o seu pedido {{2}} na Loja Escolar, no valor de {{3}}. Acompanhe-o em Minha Conta, em {{4}}, e obrigado pela compra!",
    parameters: ["primeiro nome", "número do pedido", "total", "link de Minha Conta"],
    examples: ["Maria", "LE-2026-000123", "R$ 189,90", "https://loja.exemplo.com.br/conta"],
  },
  /** A Pix order: the copia e cola, to pay now. */
  "order-received-pix": {
    name: "pedido_recebido_pix",
    category: "UTILITY",
    label: "Pedido recebido (Pix)",
    body: "Olá, {{1}}! Recebemos o seu pedido {{2}} na Loja Escolar, no valor de {{3}}. Pague até {{4}} (horário de Brasília) com este Pix copia e cola: {{5}} Assim que o pagamento for confirmado, avisaremos por aqui.",
    parameters: ["primeiro nome", "número do pedido", "total", "validade do Pix", "Pix copia e cola"],
    examples: [
      "Maria",
      "LE-2026-000123",
      "R$ 189,90",
      "14:30 de 27/11/2026",
      "00020101021226830014br.gov.bcb.pix2561qrcode.exemplo.com.br/pix/v2/cobv/9d36b84f5204000053039865406189.905802BR5913LOJA ESCOLAR6006RECIFE62070503***6304ABCD",
    ],
  },
  /** A boleto order: its line and due date. */
  "order-received-boleto": {
    name: "pedido_recebido_boleto",
    category: "UTILITY",
    label: "Pedido recebido (boleto)",
    body: "Olá, {{1}}! Recebemos o seu pedido {{2}} na Loja Escolar, no valor de {{3}}. O boleto vence em {{4}} e a linha digitável é {{5}} (pague no app ou no site do seu banco).",
    parameters: ["primeiro nome", "número do pedido", "total", "vencimento", "linha digitável"],
    examples: [
      "Maria",
      "LE-2026-000123",
      "R$ 189,90",
      "30/11/2026",
      "23793.38128 60000.000003 00000.000400 1 84340000018990",
    ],
  },
  /** Reminder: the Pix expires in 10 minutes. */
  "pix-expiring": {
    name: "pix_expirando",
    category: "UTILITY",
    label: "Pix perto de expirar",
    body: "Olá, {{1}}! O Pix do seu pedido {{2}}, no valor de {{3}}, expira às {{4}} (horário de Brasília). Para pagar, use este Pix copia e cola: {{5}} Se já pagou, desconsidere esta mensagem.",
    parameters: ["primeiro nome", "número do pedido", "total", "hora em que expira", "Pix copia e cola"],
    examples: [
      "Maria",
      "LE-2026-000123",
      "R$ 189,90",
      "14:30",
      "00020101021226830014br.gov.bcb.pix2561qrcode.exemplo.com.br/pix/v2/cobv/9d36b84f5204000053039865406189.905802BR5913LOJA ESCOLAR6006RECIFE62070503***6304ABCD",
    ],
  },
  /** Reminder: the boleto is due tomorrow. */
  "boleto-due-tomorrow": {
    name: "boleto_vence_amanha",
    category: "UTILITY",
    label: "Boleto vence amanhã",
    body: "Olá, {{1}}! O boleto do seu pedido {{2}}, no valor de {{3}}, vence amanhã, {{4}}. A linha digitável é {{5}} (se já pagou, desconsidere esta mensagem).",
    parameters: ["primeiro nome", "número do pedido", "total", "vencimento", "linha digitável"],
    examples: [
      "Maria",
      "LE-2026-000123",
      "R$ 189,90",
      "30/11/2026",
      "23793.38128 60000.000003 00000.000400 1 84340000018990",
    ],
  },
  /** Reminder: the order is still unpaid a day later. */
  "order-unpaid": {
    name: "pedido_aguardando_pagamento",
    category: "UTILITY",
    label: "Pedido aguardando pagamento",
    body: "Olá, {{1}}! O seu pedido {{2}} na Loja Escolar, de {{3}}, ainda aguarda o pagamento. Veja como pagar em {{4}} e, se já pagou, desconsidere esta mensagem.",
    parameters: ["primeiro nome", "número do pedido", "total", "link do pedido"],
    examples: ["Maria", "LE-2026-000123", "R$ 189,90", "https://loja.exemplo.com.br/conta"],
  },
  /** Reminder, with consent only: a cart left with items. */
  "cart-left": {
    name: "carrinho_com_itens",
    category: "MARKETING",
    label: "Carrinho com itens",
    body: "Olá, {{1}}! Você deixou {{2}} no carrinho da Loja Escolar. Para finalizar a compra, acesse {{3}} quando quiser. Para não receber mais mensagens pelo WhatsApp, responda SAIR.",
    parameters: ["primeiro nome", "quantos itens", "link do carrinho"],
    examples: ["Maria", "3 itens", "https://loja.exemplo.com.br/?carrinho=aberto"],
  },
  /** The order was paid. */
  "payment-confirmed": {
    name: "pagamento_confirmado",
    category: "UTILITY",
    label: "Pagamento confirmado",
    body: "Olá, {{1}}! Confirmamos o pagamento do seu pedido {{2}} na Loja Escolar, no valor de {{3}}. Próximos passos: {{4}} Obrigado pela compra!",
    parameters: ["primeiro nome", "número do pedido", "total", "código de retirada ou acompanhamento"],
    examples: [
      "Maria",
      "LE-2026-000123",
      "R$ 189,90",
      "Código de retirada: 7KQ-M4P. Retire na unidade quando avisarmos que está pronto.",
    ],
  },
  /** Goods are ready at the unit. */
  "pickup-ready": {
    name: "pronto_para_retirada",
    category: "UTILITY",
    label: "Pronto para retirada",
    body: "Olá, {{1}}! Aviso da Loja Escolar: {{2}} do pedido {{3}} na unidade {{4}}, no endereço {{5}}. Horário de atendimento: {{6}}. Apresente o código de retirada {{7}} ao buscar o pedido.",
    parameters: [
      "primeiro nome",
      "o que está pronto (todo o pedido ou parte dele)",
      "número do pedido",
      "unidade",
      "endereço",
      "horário de retirada",
      "código de retirada",
    ],
    examples: [
      "Maria",
      "Está tudo pronto para retirada",
      "LE-2026-000123",
      "Colégio Saber Boa Viagem",
      "Rua Exemplo, 100, Recife - PE",
      "Seg. a sex., 7h às 17h",
      "7KQ-M4P",
    ],
  },
  /** A full class's waiting list: a seat is held for this parent. */
  "seat-offer": {
    name: "vaga_liberada",
    category: "UTILITY",
    label: "Vaga liberada",
    body: "Olá, {{1}}! Abriu uma vaga em {{2}} e ela está reservada para você até {{3}}. Para garantir a vaga, finalize a compra em {{4}} dentro desse prazo.",
    parameters: ["primeiro nome", "curso ou evento", "prazo da reserva", "link do produto"],
    examples: [
      "Maria",
      "Curso de Natação Infantil",
      "14:30 de 28/11/2026",
      "https://loja.exemplo.com.br/produto/cursos/curso-de-natacao-infantil",
    ],
  },
  /** "Avise-me quando chegar": the item is back. */
  "back-in-stock": {
    name: "produto_disponivel",
    category: "UTILITY",
    label: "Produto disponível",
    body: "Olá, {{1}}! O produto {{2}} voltou ao estoque da Loja Escolar. Para comprar, acesse {{3}} enquanto houver estoque.",
    parameters: ["primeiro nome", "produto", "link do produto"],
    examples: [
      "Maria",
      "Calça de Helanca Escolar (Tamanho: 10)",
      "https://loja.exemplo.com.br/produto/fardamento/calca-de-helanca-escolar",
    ],
  },
} satisfies Record<string, WhatsappTemplate>;

export type WhatsappKind = keyof typeof WHATSAPP_TEMPLATES;

/** The reminders (issue 31): never sent at night, each once per order or cart, stopped once paid or cancelled. */
export const REMINDER_KINDS: readonly WhatsappKind[] = [
  "pix-expiring",
  "boleto-due-tomorrow",
  "order-unpaid",
  "cart-left",
];

/** A WhatsApp parameter as Meta takes it: one line, no tabs, no runs of spaces, never empty. */
export function templateParameter(text: string): string {
  const oneLine = text
    .replace(/[\r\n\t]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();
  return oneLine === "" ? "-" : oneLine;
}
