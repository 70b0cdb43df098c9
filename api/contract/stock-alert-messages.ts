/**
 * What "Avise-me quando chegar" says (issue 28), apart from the contract's Zod declarations in
 * stock-alerts.ts: the form imports them in the browser, and a module that declares Zod schemas
 * at its top level brings Zod into the page (docs/decisions/0081-js-budget.md).
 */
export const STOCK_ALERT_MESSAGES = {
  consentLabel: "Autorizo a Loja Escolar a me enviar um e-mail quando este item voltar ao estoque.",
  consentRequired: "Marque a autorização para receber o aviso por e-mail.",
  itemInvalid: "Item inválido.",
  unknownItem: "Item não encontrado nesta loja.",
  notTracked: "Este item não tem controle de estoque: ele pode ser comprado normalmente.",
  notSoldOut: "Este item está disponível: você já pode comprá-lo.",
  seat: "Este aviso é para produtos esgotados. Para um curso ou evento lotado, entre na lista de espera.",
  created: "Pronto! Avisaremos você por e-mail quando chegar.",
  alreadyWaiting: "Você já pediu este aviso. Avisaremos você por e-mail quando chegar.",
} as const;
