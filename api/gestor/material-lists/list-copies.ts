/**
 * Copies of material lists (issue 29; docs/decisions/0074-gestor-material-lists.md): "Copiar do
 * ano anterior" for one grade, and every list of a period into the grades of another that have
 * none. Copies are drafts (no publish date, no discount) and leave behind, named, the lines whose
 * product is disabled in the catalogue.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import { previousPeriodCode } from "../../contract/gestor/grades.ts";
import { listExists, noPreviousList, type ListCopyPlan } from "../../contract/gestor/material-lists.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { isUniqueViolation, periodGrades } from "../grades/repository.ts";
import {
  appendLines,
  findListOfGrade,
  insertList,
  linesOf,
  periodLists,
  type LineRow,
  type ListRow,
} from "./repository.ts";
import { existingGrade, gradeLabel, oneListPerGrade } from "./service.ts";

type Db = Kysely<Database>;

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
