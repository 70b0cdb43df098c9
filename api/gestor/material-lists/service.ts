/**
 * The rules of the gestor's Listas de material (issue 29; docs/decisions/0074-gestor-material-lists.md):
 * a list belongs to a grade the period has (Séries), one per grade (0043's unique index for two
 * writers at once); a line names a product of the store by the product's own item code (a
 * sized product's, never a size's), once per list; copies are drafts and leave behind the
 * lines whose product is disabled. Every change takes the list's row first (takeList), so two
 * tabs wait for each other and the positions stay 1…n; each is audited in its transaction.
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
  MAX_LIST_LINES,
  noPreviousList,
  productTwice,
  unknownItem,
  variantItem,
  type GestorMaterialList,
  type ListCopyPlan,
  type ListLineFields,
  type ListSettingsFields,
  type NewListLineFields,
} from "../../contract/gestor/material-lists.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { findGradeByCode, isUniqueViolation, periodGrades, type GradeRow } from "../grades/repository.ts";
import {
  appendLines,
  findList,
  findListOfGrade,
  insertList,
  isOffSale,
  linesOf,
  lookUpItems,
  periodLists,
  renumber,
  summaryOf,
  takeList,
  type LineRow,
  type ListRow,
} from "./repository.ts";

type Db = Kysely<Database>;

export const gradeLabel = (grade: Pick<GradeRow, "grade_name" | "codgrade">) =>
  `${grade.grade_name} (${grade.codgrade})`;
const listLabel = (list: Pick<ListRow, "codgrade" | "period_code">) =>
  `a lista de material de ${list.codgrade} do período ${list.period_code}`;

async function existingGrade(db: Db, storeId: number, period: string, codgrade: string): Promise<GradeRow> {
  const grade = await findGradeByCode(db, storeId, period, codgrade);
  if (!grade) throw notFound(gradeWithoutList(codgrade, period));
  return grade;
}

/** The list's row for this transaction (takeList), or 404. */
async function takenList(trx: Db, storeId: number, listId: string, now: Date): Promise<ListRow> {
  const list = await takeList(trx, storeId, listId, now);
  if (!list) throw notFound(GESTOR_LIST_MESSAGES.notFound);
  return list;
}

/** One list per grade: the same 409 for a writer that raced past the check. */
async function oneListPerGrade<T>(codgrade: string, period: string, write: () => Promise<T>): Promise<T> {
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

/** The source list's lines as new lines, without those whose product is disabled. */
function copiedLines(lines: readonly LineRow[]) {
  const kept = lines.filter((line) => line.status !== "disabled");
  return {
    kept: kept.map((line) => ({
      product_id: line.product_id,
      quantity: line.quantity,
      required: line.required === 1,
      collective_use: line.collective_use === 1,
      note: line.note,
    })),
    dropped: lines
      .filter((line) => line.status === "disabled")
      .map((line) => ({ itemTOTVSId: line.item_totvs_id, title: line.title })),
  };
}

/** A copy's list: a draft with the source's notice; publish date and discount are chosen again. */
async function insertCopy(trx: Db, storeId: number, source: ListRow, period: string, lines: LineRow[], now: Date) {
  const id = await insertList(trx, storeId, { period, codgrade: source.codgrade, notice: source.notice }, now);
  const { kept, dropped } = copiedLines(lines);
  await appendLines(trx, id, kept);
  return { id, lines: kept.length, dropped };
}

/** "Copiar do ano anterior": the grade's list of the period before, as this period's draft. */
export async function copyPreviousList(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  { CODPERLET, codgrade }: { CODPERLET: string; codgrade: string },
) {
  const now = deps.now();
  const from = previousPeriodCode(CODPERLET);
  return oneListPerGrade(codgrade, CODPERLET, () =>
    deps.db.transaction().execute(async (trx) => {
      const grade = await existingGrade(trx, storeId, CODPERLET, codgrade);
      if (await findListOfGrade(trx, storeId, CODPERLET, codgrade))
        throw new ApiError(409, listExists(codgrade, CODPERLET));
      const source = await findListOfGrade(trx, storeId, from, codgrade);
      if (!source) throw notFound(noPreviousList(codgrade, from));
      const copy = await insertCopy(trx, storeId, source, CODPERLET, await linesOf(trx, [source.id]), now);
      await recordAudit(
        trx,
        actor,
        {
          action: "material-list.copy",
          targetType: "material_list",
          targetId: copy.id,
          summary: `Copiou a lista de material de ${gradeLabel(grade)} do período ${from} para ${CODPERLET}: ${counted(copy.lines, "item", "itens")}`,
          after: { from, CODPERLET, codgrade, lines: copy.lines, dropped: copy.dropped },
        },
        now,
      );
      return { list: { id: copy.id }, from, lines: copy.lines, dropped: copy.dropped };
    }),
  );
}

/** What copying every list of `from` into `to` does, grade by grade of `from`. */
async function planCopy(db: Db, storeId: number, from: string, to: string) {
  const [sources, targetGrades, targetLists, sourceGrades] = await Promise.all([
    periodLists(db, storeId, from),
    periodGrades(db, storeId, to),
    periodLists(db, storeId, to),
    periodGrades(db, storeId, from),
  ]);
  const lines = await linesOf(
    db,
    sources.map((list) => list.id),
  );
  const order = (list: ListRow) => {
    const index = sourceGrades.findIndex((grade) => grade.codgrade === list.codgrade);
    return index === -1 ? sourceGrades.length : index;
  };
  const plan: ListCopyPlan = { from, to, grades: [], copies: 0, skips: 0 };
  const copies: { source: ListRow; lines: LineRow[] }[] = [];
  for (const source of [...sources].sort((a, b) => order(a) - order(b) || a.codgrade.localeCompare(b.codgrade))) {
    const own = lines.filter((line) => line.list_id === source.id);
    const name = sourceGrades.find((grade) => grade.codgrade === source.codgrade)?.grade_name ?? source.codgrade;
    let reason: string | null = null;
    if (!targetGrades.some((grade) => grade.codgrade === source.codgrade))
      reason = `A série não existe no período ${to}.`;
    else if (targetLists.some((list) => list.codgrade === source.codgrade))
      reason = `A série já tem lista no período ${to}.`;
    const { kept, dropped } = copiedLines(own);
    plan.grades.push({
      codgrade: source.codgrade,
      HABILITACAO: name,
      action: reason ? "ignorar" : "copiar",
      reason,
      lines: kept.length,
      dropped,
    });
    if (reason) plan.skips++;
    else {
      plan.copies++;
      copies.push({ source, lines: own });
    }
  }
  return { plan, copies };
}

export async function previewCopyPeriod(deps: ApiDeps, storeId: number, from: string, to: string) {
  return (await planCopy(deps.db, storeId, from, to)).plan;
}

/** Every list of `from` whose grade `to` has without a list, as drafts, in one transaction. */
export async function copyPeriodLists(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  { from, to }: { from: string; to: string },
): Promise<ListCopyPlan> {
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const { plan, copies } = await planCopy(trx, storeId, from, to);
      if (plan.grades.length === 0) throw badRequest(`O período ${from} não tem listas de material para copiar.`);
      for (const { source, lines } of copies) await insertCopy(trx, storeId, source, to, lines, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "material-lists.copy-period",
          targetType: "material_lists",
          targetId: to,
          summary: `Copiou ${counted(plan.copies, "lista de material", "listas de material")} do período ${from} para ${to}; ${plan.skips} ${plan.skips === 1 ? "ignorada" : "ignoradas"}`,
          after: {
            from,
            to,
            copied: plan.grades.filter((grade) => grade.action === "copiar").map((grade) => grade.codgrade),
            skipped: plan.grades.filter((grade) => grade.action === "ignorar").map((grade) => grade.codgrade),
          },
        },
        now,
      );
      return plan;
    });
  } catch (error) {
    // A list created in `to` meanwhile: the plan the gestor saw is no longer what would happen.
    if (isUniqueViolation(error))
      throw new ApiError(409, "As listas mudaram durante a cópia. Nada foi copiado: confira a prévia de novo.");
    throw error;
  }
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

/** The product an item code names, or the Portuguese refusal (unknown, or a size's code). */
export async function productOfItem(db: Db, storeId: number, code: number) {
  const found = (await lookUpItems(db, storeId, [code])).get(code)!;
  if (found.kind === "unknown") throw badRequest(unknownItem(code));
  if (found.kind === "variant") throw badRequest(variantItem(code, found.value, found.title, found.productCode));
  return found;
}

const lineValues = (fields: ListLineFields) => ({
  quantity: fields.quantity,
  required: fields.required,
  collective_use: fields.collectiveUse,
  note: fields.note ?? null,
});

export async function addLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  fields: NewListLineFields,
): Promise<string> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const product = await productOfItem(trx, storeId, fields.item);
    const lines = await linesOf(trx, [listId]);
    if (lines.some((line) => line.product_id === product.productId))
      throw new ApiError(409, productTwice(product.title));
    if (lines.length >= MAX_LIST_LINES) throw badRequest(GESTOR_LIST_MESSAGES.tooManyLines);
    const [id] = await appendLines(trx, listId, [{ product_id: product.productId, ...lineValues(fields) }]);
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.add-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Incluiu ${product.title} (${fields.item}) em ${listLabel(list)}`,
        after: { item: fields.item, ...lineValues(fields) },
      },
      now,
    );
    return id!;
  });
}

/** The line of the taken list, or 404. */
async function lineOf(trx: Db, listId: string, lineId: string) {
  const lines = await linesOf(trx, [listId]);
  const line = lines.find((row) => row.id === lineId);
  if (!line) throw notFound(GESTOR_LIST_MESSAGES.lineNotFound);
  return { line, lines };
}

export async function updateLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  lineId: string,
  fields: ListLineFields,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line } = await lineOf(trx, listId, lineId);
    const before = {
      quantity: line.quantity,
      required: line.required === 1,
      collective_use: line.collective_use === 1,
      note: line.note,
    };
    const after = lineValues(fields);
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => after[key] !== before[key]);
    if (changed.length === 0) return;
    await trx
      .updateTable("material_list_lines")
      .set({
        quantity: after.quantity,
        required: after.required ? 1 : 0,
        collective_use: after.collective_use ? 1 : 0,
        note: after.note,
      })
      .where("id", "=", lineId)
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.update-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Alterou ${line.title} (${line.item_totvs_id}) em ${listLabel(list)}`,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
      now,
    );
  });
}

/** One place up or down; at the top (or the bottom) nothing changes. The list is numbered 1…n again. */
export async function moveLine(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  listId: string,
  lineId: string,
  direction: "up" | "down",
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line, lines } = await lineOf(trx, listId, lineId);
    const from = lines.indexOf(line);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= lines.length) return;
    const order = [...lines];
    [order[from], order[to]] = [order[to]!, order[from]!];
    await renumber(trx, order);
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.move-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Moveu ${line.title} para a posição ${to + 1} de ${listLabel(list)}`,
        before: { position: from + 1 },
        after: { position: to + 1 },
      },
      now,
    );
  });
}

export async function removeLine(deps: ApiDeps, actor: AuditActor, storeId: number, listId: string, lineId: string) {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const list = await takenList(trx, storeId, listId, now);
    const { line, lines } = await lineOf(trx, listId, lineId);
    await trx.deleteFrom("material_list_lines").where("id", "=", lineId).execute();
    await renumber(
      trx,
      lines.filter((row) => row.id !== lineId),
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "material-list.remove-line",
        targetType: "material_list",
        targetId: listId,
        summary: `Tirou ${line.title} (${line.item_totvs_id}) de ${listLabel(list)}`,
        before: { item: line.item_totvs_id, quantity: line.quantity, required: line.required === 1, note: line.note },
      },
      now,
    );
  });
}
