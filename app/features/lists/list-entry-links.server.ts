/**
 * Which linked students have a published list (issue 29): one listMaterialLists call per page,
 * nothing kept per customer (a list is published, edited or unpublished by the gestor at any
 * time). Against a school API without lists (decision 0026) every entry link is left out, as
 * today, and the storefront says so once in the log.
 */
import type { MaterialListSummary } from "#api/contract/material-lists.ts";
import type { StudentLink } from "#api/contract/students.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { callUnavailable, StoreApiError, type StoreApiClient } from "#app/.server/store-api/index.server.ts";
import { linkedStudents } from "#app/features/students/student-link.server.ts";
import { currentGrade } from "#app/features/students/students.ts";
import { firstName } from "#core/text.ts";
import { studentListPath, type StudentListEntry } from "./list-entry-links.ts";

let absenceLogged = false;

function logAbsenceOnce(): void {
  if (absenceLogged) return;
  absenceLogged = true;
  console.log("[store-api] a API da loja não tem listas de material (listMaterialLists): os links ficam ocultos.");
}

/** The store's published lists; none when the store API has no lists or cannot answer now. */
export async function publishedLists(api: StoreApiClient): Promise<MaterialListSummary[]> {
  if (!api.supports("listMaterialLists")) {
    logAbsenceOnce();
    return [];
  }
  try {
    return await api.listMaterialLists();
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    if (callUnavailable(error)) logAbsenceOnce();
    // Spec §8: the page goes on without the links; the failure is only logged.
    else console.error("[listas] listas de material indisponíveis:", error);
    return [];
  }
}

/** The students enrolled now in a grade whose list is published, in the students' order. */
export function studentListEntries(
  students: readonly StudentLink[],
  lists: readonly Pick<MaterialListSummary, "periodCode" | "codgrade">[],
  now = new Date(),
): StudentListEntry[] {
  return students.flatMap((link) => {
    const grade = currentGrade(link.student, now);
    const listed =
      grade && lists.some((list) => list.periodCode === grade.CODPERLET && list.codgrade === grade.codgrade);
    return listed
      ? [{ studentId: link.studentId, firstName: firstName(link.student.nome), href: studentListPath(link.studentId) }]
      : [];
  });
}

/**
 * The cart panel's "Lista de material de Lucas": the students of the cart's bags whose grade has a
 * published list. No call for a visitor or a cart without a student's bag.
 */
export async function cartListEntries(args: RequestArgs, bags: readonly { studentId: string | null }[]) {
  const inCart = new Set(bags.flatMap((bag) => (bag.studentId ? [bag.studentId] : [])));
  if (!currentCustomer(args.context) || inCart.size === 0) return [];
  const [students, lists] = await Promise.all([
    linkedStudents(args).catch((error: unknown): StudentLink[] => {
      if (!(error instanceof StoreApiError)) throw error;
      console.error("[carrinho] estudantes indisponíveis:", error.message);
      return [];
    }),
    publishedLists(storeApi(args.context)),
  ]);
  return studentListEntries(
    students.filter((link) => inCart.has(link.studentId)),
    lists,
  );
}
