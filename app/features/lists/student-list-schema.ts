/**
 * The form of a student's material list (/conta/lista-de-material/:studentId): one row per line
 * the parent can buy now, "Comprar" or "Já tenho" (an optional line: "Não quero"), and a sized
 * line's size. Checked in the browser and by the action with this one schema; the store API
 * checks again (api/material-lists/add-to-bag.ts).
 */
import { z } from "zod";
import { MATERIAL_LIST_MESSAGES, type StudentListLine } from "#api/contract/material-lists.ts";

export const STUDENT_LIST_PATH = "/conta/lista-de-material";
export const studentListPath = (studentId: string) => `${STUDENT_LIST_PATH}/${encodeURIComponent(studentId)}`;

/** A line's two answers: buy it, or leave it out (the parent has it, or an optional one is not wanted). */
export const BUY = "comprar";
export const SKIP = "nao";

const listLineField = z
  .object({
    lineId: z
      .string({ message: MATERIAL_LIST_MESSAGES.lineInvalid })
      .uuid({ message: MATERIAL_LIST_MESSAGES.lineInvalid }),
    buy: z.enum([BUY, SKIP], { message: MATERIAL_LIST_MESSAGES.lineInvalid }),
    /** "1" on a line sold in sizes: the size is then needed to buy it. */
    sized: z.literal("1").optional(),
    size: z.number({ message: MATERIAL_LIST_MESSAGES.sizeInvalid }).int().positive().optional(),
  })
  .superRefine((line, context) => {
    if (line.buy === BUY && line.sized && line.size === undefined)
      context.addIssue({ code: "custom", path: ["size"], message: MATERIAL_LIST_MESSAGES.sizeRequired });
  });

export const studentListSchema = z.object({
  listId: z.string({ message: MATERIAL_LIST_MESSAGES.notFound }).uuid({ message: MATERIAL_LIST_MESSAGES.notFound }),
  lines: z
    .array(listLineField)
    .max(200, { message: MATERIAL_LIST_MESSAGES.tooManyLines })
    .default([])
    .refine((lines) => lines.some((line) => line.buy === BUY), { message: MATERIAL_LIST_MESSAGES.noLineTicked }),
});

/** The form's fields as it holds them (text), and as the schema gives them. */
export type StudentListFields = {
  listId: string;
  lines: { lineId: string; buy: string; sized?: string; size?: string }[];
};
export type StudentListValue = z.output<typeof studentListSchema>;

/** A line the parent can buy now: for sale, not sold out, not in the bag yet. */
export const isBuyable = (line: StudentListLine) => !line.inBag && !line.soldOut && !line.unavailable;

/** The size to start with: the one of the student's last order, while it is not sold out. */
export function preselectedSize(line: StudentListLine): number | undefined {
  const last = line.options.find((option) => option.itemTOTVSId === line.lastItemTOTVSId);
  return last && !last.soldOut ? last.itemTOTVSId : undefined;
}

/**
 * The form's starting values: required lines bought, optional ones not, the last sizes chosen.
 * Once the parent has sent the list (`sent`), a line still out of the bag is one they left out or
 * that could not go in: it starts unticked, so sending again never buys what they said they have.
 */
export function initialChoices(list: { id: string; lines: StudentListLine[] }, sent = false): StudentListFields {
  return {
    listId: list.id,
    lines: list.lines.filter(isBuyable).map((line) => {
      const size = preselectedSize(line);
      return {
        lineId: line.lineId,
        buy: line.required && !sent ? BUY : SKIP,
        ...(line.optionName !== null ? { sized: "1" } : {}),
        ...(size !== undefined ? { size: String(size) } : {}),
      };
    }),
  };
}

/** The buyable lines' choices as a posted form holds them (lines[i].buy, lines[i].size). */
export function choicesOf(formData: FormData, count: number): StudentListFields["lines"] {
  return Array.from({ length: count }, (_, i) => ({
    lineId: String(formData.get(`lines[${i}].lineId`) ?? ""),
    buy: String(formData.get(`lines[${i}].buy`) ?? ""),
    size: String(formData.get(`lines[${i}].size`) ?? ""),
  }));
}

/**
 * What the bought lines cost, in reais: each line's quantity at its price (a chosen size's own
 * price). Before any list discount, which the cart applies (decision 0072).
 */
export function boughtTotal(lines: readonly StudentListLine[], choices: StudentListFields["lines"]): number {
  let cents = 0;
  for (const choice of choices) {
    if (choice.buy !== BUY) continue;
    const line = lines.find((candidate) => candidate.lineId === choice.lineId);
    if (!line) continue;
    const size = line.options.find((option) => String(option.itemTOTVSId) === choice.size);
    cents += Math.round((size ?? line).price * 100) * line.quantity;
  }
  return cents / 100;
}
