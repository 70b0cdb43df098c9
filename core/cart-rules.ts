/**
 * The cart rules of spec §4 and §5, for one student's bag. The store API enforces them
 * on every write; the storefront uses the same function for quantity controls and for
 * merging a visitor's cart into an account's.
 */

export const CART_MESSAGES = {
  secondService: "Este aluno já possui um curso ou evento a ser comprado no carrinho.",
  secondManual: "Este aluno já possui um produto manual a ser comprado no carrinho.",
  quantityNotInteger: "A quantidade deve ser um número inteiro.",
  quantityMin: "A quantidade mínima é 1.",
  quantityMax: "A quantidade máxima por item é 99.",
  /** Only for the bag still waiting for its student (a visitor's): it has no "este aluno" yet (docs/decisions/0025). */
  singleUnit: "Cursos, eventos e produtos manuais são vendidos em uma unidade por aluno.",
} as const;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

/** S: service (course or event); M: manual product; anything else is a physical product. */
export const SINGLE_UNIT_TYPES = ["S", "M"] as const;

export function isSingleUnitType(type: string): boolean {
  return (SINGLE_UNIT_TYPES as readonly string[]).includes(type);
}

/** Spec §4: the increase control is disabled for S and M; the decrease one at 1. */
export function canIncreaseQuantity(type: string, quantity: number): boolean {
  return !isSingleUnitType(type) && quantity < MAX_QUANTITY;
}

export function canDecreaseQuantity(quantity: number): boolean {
  return quantity > MIN_QUANTITY;
}

/** The message for a quantity outside 1..99 or not whole, or undefined when it is fine. */
export function quantityProblem(quantity: number): string | undefined {
  if (!Number.isInteger(quantity)) return CART_MESSAGES.quantityNotInteger;
  if (quantity < MIN_QUANTITY) return CART_MESSAGES.quantityMin;
  if (quantity > MAX_QUANTITY) return CART_MESSAGES.quantityMax;
  return undefined;
}

/**
 * A second unit of a course or manual item: for a student's bag it is spec §5's "already has
 * one" message, the same as for a second, different item of that type.
 */
function singleUnitMessage(type: string, forStudent: boolean): string {
  if (!forStudent) return CART_MESSAGES.singleUnit;
  return type === "S" ? CART_MESSAGES.secondService : CART_MESSAGES.secondManual;
}

export interface BagLine {
  itemTOTVSId: number;
  quantity: number;
  /** TIPO of the product. */
  type: string;
}

export type BagCheck<T extends BagLine> = { ok: true; lines: T[] } | { ok: false; message: string };

/**
 * Checks one bag and merges repeated items (the same itemTOTVSId twice is one line with
 * the quantities summed: a second add increments). At most one S and one M per student,
 * each with quantity 1. Lines keep their first position.
 *
 * `forStudent: false` is the bag of items waiting for a student (a visitor's cart): it
 * may hold several S and M items, one per student-to-be, and the one-S-one-M rule is
 * checked when each is assigned to a student.
 */
export function checkBag<T extends BagLine>(lines: readonly T[], { forStudent = true } = {}): BagCheck<T> {
  for (const line of lines) {
    const problem = quantityProblem(line.quantity);
    if (problem) return { ok: false, message: problem };
  }
  if (forStudent) {
    const services = lines.filter((line) => line.type === "S");
    if (services.length > 1) return { ok: false, message: CART_MESSAGES.secondService };
    const manuals = lines.filter((line) => line.type === "M");
    if (manuals.length > 1) return { ok: false, message: CART_MESSAGES.secondManual };
  }

  const merged = new Map<number, T>();
  for (const line of lines) {
    const seen = merged.get(line.itemTOTVSId);
    merged.set(line.itemTOTVSId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  const result = [...merged.values()];
  for (const line of result) {
    if (isSingleUnitType(line.type) && line.quantity !== 1)
      return { ok: false, message: singleUnitMessage(line.type, forStudent) };
    if (line.quantity > MAX_QUANTITY) return { ok: false, message: CART_MESSAGES.quantityMax };
  }
  return { ok: true, lines: result };
}
