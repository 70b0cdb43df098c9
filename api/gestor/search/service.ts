/**
 * The header's search (issue 25 §16; docs/decisions/0041-gestor-search.md): no rule of its own.
 * Each kind is found by its own list's search (Clientes e estudantes' two, Pedidos' "Busca"),
 * so a text finds here what it finds there, and only in the parts the person's role opens.
 */
import type { Kysely } from "kysely";
import { SEARCH_GROUP_SIZE, type GestorSearchReply } from "#api/contract/gestor/search.ts";
import { PART_ROLES, type RecordPart, type StaffRole } from "#api/contract/gestor/staff.ts";
import type { Database } from "#db/schema.ts";
import { searchCustomers, searchStudents } from "../customers/customer-directory.ts";
import { listSales } from "../sales/sale-search.ts";
import type { StaffScope } from "../staff/staff-scope.ts";

const firstOf = <T>({ rows, total }: { rows: T[]; total: number }) => ({
  rows: rows.slice(0, SEARCH_GROUP_SIZE),
  total,
});

/**
 * `q` is already checked (searchText); `partRoles` is PART_ROLES but in a test of a role's
 * limits. A secretary finds only her units' records, as in each list (decision 0061).
 */
export async function searchRecords(
  db: Kysely<Database>,
  q: string,
  { role, scope }: { role: StaffRole; scope: StaffScope },
  partRoles: Record<RecordPart, readonly StaffRole[]> = PART_ROLES,
): Promise<GestorSearchReply> {
  const opens = (part: RecordPart) => partRoles[part].includes(role);
  const [customers, students, sales] = await Promise.all([
    opens("customers") ? searchCustomers(db, q, 1, scope).then(firstOf) : null,
    opens("customers") ? searchStudents(db, q, 1, scope).then(firstOf) : null,
    opens("sales") ? listSales(db, { q }, 1, scope).then(firstOf) : null,
  ]);
  return { q, customers, students, sales };
}
