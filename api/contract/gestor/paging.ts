/** How the gestor area's lists are paged: one page size, the page's number in the query. */
import { z } from "zod";

export const GESTOR_PAGE_SIZE = 25;

/** `?page=N` (1 by default); anything else is page 1, so an edited address never fails. */
export const pageField = z.coerce.number().int().positive().max(100_000).catch(1).default(1);

/** A list's page in a reply: the rows plus what the pagination shows. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), page: z.number(), pageCount: z.number(), total: z.number() });

/** The page's rows' offset and the page count, for a total. */
export function paging(page: number, total: number): { offset: number; pageCount: number; page: number } {
  const pageCount = Math.max(1, Math.ceil(total / GESTOR_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  return { offset: (current - 1) * GESTOR_PAGE_SIZE, pageCount, page: current };
}
