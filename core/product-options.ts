/**
 * A product's chosen option as every page and e-mail writes it (issue 28, decision 0066): the
 * option's name and the value sold, "Tamanho: M". Null for a product without options.
 */
export function chosenOption(optionName: string | null | undefined, optionValue: string | null | undefined) {
  if (!optionValue) return null;
  return `${optionName || "Opção"}: ${optionValue}`;
}
