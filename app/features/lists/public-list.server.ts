/**
 * The public pages of the school's material lists (issue 29 "A list anyone can read"): every
 * published list, and one list with its lines, read fresh from the store API (a list is not in
 * the catalogue's version: api/material-lists/routes.ts). An unknown, unpublished or
 * malformed list, and a school API without lists (decision 0026), is the not-found page.
 */
import type { MaterialList, MaterialListSummary } from "#api/contract/material-lists.ts";
import { notFoundResponse, orNotFound } from "#app/.server/not-found.server.ts";
import { currentCustomer, storeApi, type RequestArgs } from "#app/.server/request-context.server.ts";
import { StoreApiError } from "#app/.server/store-api/index.server.ts";
import { linkedStudents } from "#app/features/students/student-link.server.ts";
import { periodYear } from "#core/school-years.ts";
import { studentListEntries } from "./list-entry-links.server.ts";

/** The lists of one school year, by course in the store's grade order. */
export interface ListsOfPeriod {
  periodCode: string;
  /** "2026". */
  year: string;
  courses: { course: string; lists: MaterialListSummary[] }[];
}

/** Groups lists that come by period and grade order (listMaterialLists) by period, then course. */
export function groupByPeriodAndCourse(lists: readonly MaterialListSummary[]): ListsOfPeriod[] {
  const periods: ListsOfPeriod[] = [];
  for (const list of lists) {
    let period = periods.find((candidate) => candidate.periodCode === list.periodCode);
    if (!period) {
      period = { periodCode: list.periodCode, year: periodYear(list.periodCode), courses: [] };
      periods.push(period);
    }
    let course = period.courses.find((candidate) => candidate.course === list.course);
    if (!course) {
      course = { course: list.course, lists: [] };
      period.courses.push(course);
    }
    course.lists.push(list);
  }
  // The newest school year first: it is the one parents come for.
  return periods.reverse();
}

/** /listas-de-material: every published list; the not-found page against a school API without lists. */
export async function loadPublicLists({ context }: RequestArgs) {
  const api = storeApi(context);
  if (!api.supports("listMaterialLists")) throw notFoundResponse();
  return { periods: groupByPeriodAndCourse(await orNotFound(api.listMaterialLists())) };
}

/** One published list, or the not-found page (unknown, a draft, not yet, or no lists at all). */
export async function loadPublicList({ context }: RequestArgs, periodCode: string, codgrade: string) {
  const api = storeApi(context);
  if (!api.supports("getMaterialList")) throw notFoundResponse();
  return orNotFound(api.getMaterialList(periodCode, codgrade));
}

/**
 * "Comprar pela loja" for a logged-in parent: the linked students enrolled now in the list's
 * grade, each to their own list; none for a visitor or when the students call fails (the page
 * then leads to the account, where a student is linked).
 */
export async function buyersOf(args: RequestArgs, list: Pick<MaterialList, "periodCode" | "codgrade">) {
  if (!currentCustomer(args.context)) return [];
  try {
    const students = await linkedStudents(args);
    return studentListEntries(students, [list]);
  } catch (error) {
    if (!(error instanceof StoreApiError)) throw error;
    console.error("[listas] estudantes indisponíveis:", error.status, error.message);
    return [];
  }
}
