/**
 * What the public list, its printable page and its PDF say alike (issue 29 "A list anyone can
 * read"), so the three never drift apart.
 */
import type { MaterialList, MaterialListLine } from "#api/contract/material-lists.ts";
import { formatBRL } from "#core/money.ts";
import { periodYear } from "#core/school-years.ts";

/** The mark on the school's own teaching material (TIPO M: list-view.ts isSoldOnlyBySchool). */
export const SCHOOL_ONLY_MARK = "Material próprio da escola: vendido somente pela escola";

/**
 * A generic item may be bought anywhere: the school may not require a brand or a store for it
 * (issue 29; the consumer's right against tied sales). "Os demais" when the list has the
 * school's own material, which only the school sells.
 */
export function buyAnywhereNotice(list: Pick<MaterialList, "lines">): string {
  const items = list.lines.some((line) => line.schoolOnly) ? "Os demais itens" : "Os itens desta lista";
  return `${items} podem ser comprados onde você preferir: a escola não pode exigir marca nem loja para eles.`;
}

/** "Lista de material – 6º Ano". */
export const listTitle = (list: Pick<MaterialList, "gradeName">) => `Lista de material – ${list.gradeName}`;

/** "Ensino Fundamental II · Ano letivo 2026". */
export const listSubtitle = (list: Pick<MaterialList, "course" | "periodCode">) =>
  [list.course, `Ano letivo ${periodYear(list.periodCode)}`].filter((part) => part.trim()).join(" · ");

export const requiredLabel = (line: Pick<MaterialListLine, "required">) => (line.required ? "Obrigatório" : "Opcional");

/** "R$ 12,90"; a sized item whose sizes cost differently: "a partir de R$ 49,90". */
export function linePriceText(line: Pick<MaterialListLine, "price" | "optionName" | "options">): string {
  if (line.optionName === null || line.options.length === 0) return formatBRL(line.price);
  const prices = line.options.map((option) => option.price);
  const lowest = Math.min(...prices);
  return prices.some((price) => price !== lowest) ? `a partir de ${formatBRL(lowest)}` : formatBRL(lowest);
}

/** Why a line cannot be bought in the store now; null: it can. */
export function lineAvailabilityText(line: Pick<MaterialListLine, "soldOut" | "unavailable">): string | null {
  if (line.unavailable) return "Indisponível na loja no momento";
  if (line.soldOut) return "Esgotado na loja";
  return null;
}
