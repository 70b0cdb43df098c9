/**
 * The header's search of the gestor area (issue 25 §16; docs/decisions/0041-gestor-search.md):
 * one text finds customers, students and sales, each kind by the search of its own list
 * (Clientes e estudantes, Pedidos). A part the staff member's role does not open is null.
 */
import { z } from "zod";
import { endpoint } from "../endpoint.ts";
import { customerSummary, studentSummary } from "./customers.ts";
import { saleRow } from "./sales.ts";
import { searchText } from "./search-text.ts";

/** How many of each kind the results page shows; the rest are one link away, in the kind's own list. */
export const SEARCH_GROUP_SIZE = 10;

/** The first SEARCH_GROUP_SIZE found and how many there are in all. */
const group = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() }).nullable();

const searchReply = z.object({
  /** The text as searched (trimmed). */
  q: z.string(),
  customers: group(customerSummary),
  students: group(studentSummary),
  sales: group(saleRow),
});
export type GestorSearchReply = z.infer<typeof searchReply>;

export const gestorSearch = {
  /** Every staff member; 400 with SEARCH_TOO_SHORT or SEARCH_TOO_LONG for a text that cannot be searched. */
  search: endpoint({ method: "GET", path: "/gestor/search", query: z.object({ q: searchText }), reply: searchReply }),
};
