/**
 * The rules of the gestor's Listas de material (issue 29; docs/decisions/0074-gestor-material-lists.md):
 * a list belongs to a grade the period has (Séries), one per grade (0043's unique index for two
 * writers at once); a line names a product of the store by the product's own item code (a
 * sized product's, never a size's), once per list; copies are drafts and leave behind the
 * lines whose product is disabled. Every change takes the list's row first (takeList), so two
 * tabs wait for each other and the positions stay 1…n; each is audited in its transaction.
 * The lines' changes are in list-lines.ts, the copies in list-copies.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { formatCalendarDate } from "#core/dates.ts";
import { counted } from "#core/text.ts";
import { previousPeriodCode } from "../../contract/gestor/grades.ts";
import {
  GESTOR_LIST_MESSAGES,
  gradeWithoutList,
  listExists,
  type GestorMaterialList,
  type ListSettingsFields,
} from "../../contract/gestor/material-lists.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { findGradeByCode, isUniqueViolation, periodGrades, type GradeRow } from "../grades/repository.ts";
import {
  findList,
  findListOfGrade,
  insertList,
  isOffSale,
  linesOf,
  periodLists,
  summaryOf,
  takeList,
  type ListRow,
} from "./repository.ts";

type Db = Kysely<Database>;

export const gradeLabel = (grade: Pick<GradeRow, "grade_name" | "codgrade">) =>
  `${grade.grade_name} (${grade.codgrade})`;
export const listLabel = (list: Pick<ListRow, "codgrade" | "period_code">) =>
  `a lista de material de ${list.codgrade} do período ${list.period_code}`;

export async function existingGrade(db: Db, storeId: number, period: string, codgrade: string): Promise<GradeRow> {
  const grade = await findGradeByCode(db, storeId, period, codgrade);
  if (!grade) throw notFound(gradeWithoutList(codgrade, period));
  return grade;
}

/** The list's row for this transaction (takeList), or 404. */
export async function takenList(trx: Db, storeId: number, listId: string, now: Date): Promise<ListRow> {
  const list = await takeList(trx, storeId, listId, now);
  if (!list) throw notFound(GESTOR_LIST_MESSAGES.notFound);
  return list;
}

/** One list per grade: the same 409 for a writer that raced past the check. */
export async function oneListPerGrade<T>(codgrade: string, period: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, listExists(codgrade, period));
    throw error;
  }
}

export async function periodView(deps: ApiDeps, storeId: number, period: string) {
  const previous = previousPeriodCode(period);
  const [grades, lists, before] = await Promise.all([
    periodGrades(deps.db, storeId, period),
    periodLists(deps.db, storeId, period),
    periodLists(deps.db, storeId, previous),
  ]);
  const lines = await linesOf(
    deps.db,
    [...lists, ...before].map((list) => list.id),
  );
  const now = deps.now();
  return {
    CODPERLET: period,
    previousPeriod: previous,
    grades: grades.map((grade) => {
      const list = lists.find((row) => row.codgrade === grade.codgrade);
      const earlier = before.find((row) => row.codgrade === grade.codgrade);
      return {
        codgrade: grade.codgrade,
        CURSO: grade.course,
        HABILITACAO: grade.grade_name,
        list: list ? summaryOf(list, lines, now) : null,
        previousLineCount: earlier ? lines.filter((line) => line.list_id === earlier.id).length : null,
      };
    }),
  };
}

export async function gestorList(deps: ApiDeps, storeId: number, listId: string): Promise<GestorMaterialList> {
  const list = await findList(deps.db, storeId, listId);
  if (!list) throw notFound(GESTOR_LIST_MESSAGES.notFound);
  const [grade, lines] = await Promise.all([
    findGradeByCode(deps.db, storeId, list.period_code, list.codgrade),
    linesOf(deps.db, [list.id]),
  ]);
  return {
    ...summaryOf(list, lines, deps.now()),
    CODPERLET: list.period_code,
    codgrade: list.codgrade,
    CURSO: grade?.course ?? "",
    HABILITACAO: grade?.grade_name ?? list.codgrade,
    notice: list.notice,
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      itemTOTVSId: line.item_totvs_id,
      title: line.title,
      optionName: line.option_name,
      offSale: isOffSale(line),
      quantity: line.quantity,
      required: line.required === 1,
      collectiveUse: line.collective_use === 1,
      note: line.note,
    })),
  };
}

export async function createList(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  { CODPERLET, codgrade }: { CODPERLET: string; codgrade: string },
): Promise<string> {
  const now = deps.now();
  return oneListPerGrade(codgrade, CODPERLET, () =>
    deps.db.transaction().execute(async (trx) => {
      const grade = await existingGrade(trx, storeId, CODPERLET, codgrade);
      if (await findListOfGrade(trx, storeId, CODPERLET, codgrade))
        throw new ApiError(409, listExists(codgrade, CODPERLET));
      const id = await insertList(trx, storeId, { period: CODPERLET, codgrade }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "material-list.create",
          targetType: "material_list",
          targetId: id,
          summary: `Criou a lista de material de ${gradeLabel(grade)} do período ${CODPERLET}`,
          after: { CODPERLET, codgrade },
        },
        now,
      );
      return id;
    }),
  );
}

const settingsOf = (list: ListRow) => ({
  notice: list.notice,
  publishFrom: list.publish_from,
  discountPercentage: list.discount_percentage,
});

const publishedText = (publishFrom: string | null) =>
  publishFrom ? `publicada a partir de ${formatCalendarDate(publishFrom)}` : "rascunho";

/** Notice, publish date and discount; a change of none writes nothing. */
export async function updateListSettings(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  fields: ListSettingsFields,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const before = settingsOf(list);
    const after = {
      notice: fields.notice ?? null,
      publishFrom: fields.publishFrom ?? null,
      discountPercentage: fields.discountPercentage ?? null,
    };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return;
    await trx
      .updateTable("material_lists")
      .set({ notice: after.notice, publish_from: after.publishFrom, discount_percentage: after.discountPercentage })
      .where("id", "=", listId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.update",
        targetType: "material_list",
        targetId: listId,
        summary: `Alterou ${listLabel(list)}: ${publishedText(after.publishFrom)}, ${after.discountPercentage ? `${after.discountPercentage}% de desconto` : "sem desconto"}`,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
      now,
    );
  });
}

export async function unpublishList(deps: ApiDeps, actor: AuditActor, storeId: number, listId: string) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    if (list.publish_from === null) return;
    await trx.updateTable("material_lists").set({ publish_from: null }).where("id", "=", listId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.unpublish",
        targetType: "material_list",
        targetId: listId,
        summary: `Despublicou ${listLabel(list)}`,
        before: { publishFrom: list.publish_from },
        after: { publishFrom: null },
      },
      now,
    );
  });
}

/** The list and its lines (0043: lines cascade; a bag filled from it forgets it). */
export async function removeList(deps: ApiDeps, actor: AuditActor, storeId: number, listId: string) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const lines = await linesOf(trx, [listId]);
    await trx.deleteFrom("material_list_lines").where("list_id", "=", listId).execute();
    await trx.deleteFrom("material_lists").where("id", "=", listId).execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.remove",
        targetType: "material_list",
        targetId: listId,
        summary: `Removeu ${listLabel(list)} (${counted(lines.length, "item", "itens")})`,
        before: {
          ...settingsOf(list),
          lines: lines.map((line) => ({ item: line.item_totvs_id, quantity: line.quantity, required: line.required })),
        },
      },
      now,
    );
  });
}
