/**
 * The store's published lists, as /listas-de-material shows them (issue 29), and their snapshot
 * for the page cache (docs/decisions/0087).
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */
import { todayInBrazil } from "#core/dates.ts";
import type { MaterialListSummary } from "../contract/material-lists.ts";
import type { ApiDeps } from "../deps.ts";
import { batchedReads } from "../batched-reads.ts";

/**
 * The store's published lists (publish date reached: list-view.ts isPublished, in SQL), by period
 * and then in the order of the store's grades (series.position); a list whose grade is gone
 * shows its code, after the others of its period.
 */
export async function publishedLists(
  { db, now }: Pick<ApiDeps, "db" | "now">,
  storeId: number,
): Promise<MaterialListSummary[]> {
  const rows = await db
    .selectFrom("material_lists as l")
    .leftJoin("series as s", (join) =>
      join
        .onRef("s.store_id", "=", "l.store_id")
        .onRef("s.period_code", "=", "l.period_code")
        .onRef("s.codgrade", "=", "l.codgrade"),
    )
    .select((eb) => [
      "l.id",
      "l.period_code",
      "l.codgrade",
      "l.discount_percentage",
      "s.grade_name",
      "s.course",
      eb
        .selectFrom("material_list_lines as line")
        .select((count) => count.fn.countAll<number | string>().as("count"))
        .whereRef("line.list_id", "=", "l.id")
        .as("line_count"),
    ])
    .where("l.store_id", "=", storeId)
    .where("l.publish_from", "<=", todayInBrazil(now()))
    .orderBy("l.period_code")
    .orderBy((eb) => eb.case().when("s.position", "is", null).then(1).else(0).end())
    .orderBy("s.position")
    .orderBy("l.codgrade")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    periodCode: row.period_code,
    codgrade: row.codgrade,
    gradeName: row.grade_name ?? row.codgrade,
    course: row.course ?? "",
    discountPercentage: row.discount_percentage,
    lineCount: Number(row.line_count ?? 0),
  }));
}

/**
 * What /listas-de-material shows, read now, as one string: the page cache keeps the page while
 * it stays the same (0087). A list the gestor edits, a line added, a publish date reached (the
 * lists are read with the day of the read) changes it. The pages asking at once share one read.
 */
export function publishedListsSnapshotReader(
  deps: Pick<ApiDeps, "db" | "now">,
  storeId: number,
): () => Promise<string> {
  const read = batchedReads(async (questions: readonly null[]) => {
    const snapshot = JSON.stringify(await publishedLists(deps, storeId));
    return questions.map(() => snapshot);
  });
  return () => read(null);
}
