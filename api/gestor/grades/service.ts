/**
 * The rules of the gestor's Séries (issue 27): a grade's code is unique in its period (checked,
 * and 0035's unique index for two writers at once), a grade any product names is not removed,
 * a period's grades are copied only to a period that has none, and without their products.
 * Every change is audited in its own transaction.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { counted } from "#core/text.ts";
import { gradeCodeTaken, GRADE_MESSAGES, type GradeFields } from "../../contract/gestor/grades.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { lockRoster } from "../roster/repository.ts";
import {
  enrolmentCount,
  hasMaterialList,
  renameListGrade,
  fieldsOf,
  findGrade,
  findGradeByCode,
  insertGrade,
  isUniqueViolation,
  nextPosition,
  periodGrades,
  productCounts,
  updateGradeRow,
  type GradeRow,
} from "./repository.ts";

type Db = Kysely<Database>;

const gradeLabel = (grade: { HABILITACAO: string; codgrade: string }) => `${grade.HABILITACAO} (${grade.codgrade})`;

async function assertCodeFree(db: Db, storeId: number, period: string, codgrade: string, exceptId?: number) {
  const existing = await findGradeByCode(db, storeId, period, codgrade);
  if (existing && existing.id !== exceptId) throw new ApiError(409, gradeCodeTaken(codgrade, period));
}

/** The same 409 for a writer that raced past assertCodeFree. */
async function codeChecked<T>(period: string, codgrade: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError(409, gradeCodeTaken(codgrade, period));
    throw error;
  }
}

const listCodeTaken = (grade: GradeRow, codgrade: string) =>
  `A série ${gradeLabel(fieldsOf(grade))} não pode mudar para o código ${codgrade}: o período ${grade.period_code} já tem uma lista de material com esse código, que não é de nenhuma série. Escolha outro código.`;

async function existingGrade(db: Db, storeId: number, gradeId: number): Promise<GradeRow> {
  const grade = await findGrade(db, storeId, gradeId);
  if (!grade) throw notFound(GRADE_MESSAGES.notFound);
  return grade;
}

export async function createGrade(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  fields: GradeFields & { CODPERLET: string },
): Promise<number> {
  const now = deps.now();
  return codeChecked(fields.CODPERLET, fields.codgrade, () =>
    deps.db.transaction().execute(async (trx) => {
      await assertCodeFree(trx, storeId, fields.CODPERLET, fields.codgrade);
      const position = await nextPosition(trx, storeId, fields.CODPERLET);
      const id = await insertGrade(trx, storeId, { ...fields, position }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "grade.create",
          targetType: "grade",
          targetId: String(id),
          summary: `Criou a série ${gradeLabel(fields)} no período ${fields.CODPERLET}`,
          after: { ...fields, position },
        },
        now,
      );
      return id;
    }),
  );
}

export async function updateGrade(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  gradeId: number,
  fields: GradeFields,
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const grade = await existingGrade(trx, storeId, gradeId);
    const before = fieldsOf(grade);
    const changed = (Object.keys(fields) as (keyof GradeFields)[]).filter((key) => fields[key] !== before[key]);
    if (changed.length === 0) return;
    if (fields.codgrade !== grade.codgrade)
      await assertCodeFree(trx, storeId, grade.period_code, fields.codgrade, gradeId);
    await codeChecked(grade.period_code, fields.codgrade, () => updateGradeRow(trx, gradeId, fields, now));
    // The grade's material list is known by the code too (0043): it follows the grade, unless a
    // list no grade names already has the new code (0043's unique index refuses the second).
    if (fields.codgrade !== grade.codgrade)
      try {
        await renameListGrade(trx, storeId, grade, fields.codgrade, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, listCodeTaken(grade, fields.codgrade));
        throw error;
      }
    await recordAudit(
      trx,
      actor,
      {
        action: "grade.update",
        targetType: "grade",
        targetId: String(gradeId),
        summary: `Alterou a série ${gradeLabel(fields)} do período ${grade.period_code}`,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, fields[key]])),
      },
      now,
    );
  });
}

/**
 * One place up or down in its period; at the top (or the bottom) nothing changes. The period
 * is numbered 1…n again, so ties an import's ORDEM left are settled.
 */
export async function moveGrade(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  gradeId: number,
  direction: "up" | "down",
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const grade = await existingGrade(trx, storeId, gradeId);
    const order = await periodGrades(trx, storeId, grade.period_code);
    const from = order.findIndex((row) => row.id === gradeId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    [order[from], order[to]] = [order[to]!, order[from]!];
    for (const [index, row] of order.entries())
      if (row.position !== index + 1) await updateGradeRow(trx, row.id, { position: index + 1 }, now);
    await recordAudit(
      trx,
      actor,
      {
        action: "grade.move",
        targetType: "grade",
        targetId: String(gradeId),
        summary: `Moveu a série ${gradeLabel(fieldsOf(grade))} para a posição ${to + 1} do período ${grade.period_code}`,
        before: { position: from + 1 },
        after: { position: to + 1 },
      },
      now,
    );
  });
}

const inUse = (grade: GradeRow, products: number) =>
  `A série ${gradeLabel(fieldsOf(grade))} não pode ser removida: ${counted(products, "produto a usa", "produtos a usam")}. Tire a série desses produtos antes.`;

const enrolled = (grade: GradeRow, enrolments: number) =>
  `A série ${gradeLabel(fieldsOf(grade))} não pode ser removida: ${counted(enrolments, "matrícula de aluno a usa", "matrículas de alunos a usam")} no período ${grade.period_code}. Mude a série desses alunos em Alunos matriculados antes.`;

const withList = (grade: GradeRow) =>
  `A série ${gradeLabel(fieldsOf(grade))} não pode ser removida: ela tem lista de material no período ${grade.period_code}. Remova a lista em Listas de material antes.`;

/**
 * Removes a grade no product and no enrolment names: the storefront's grade selection would
 * lose the products' link, and the student card the student's grade (an enrolment that ended
 * names it too: the student may be enrolled again); nor one with a material list, which parents
 * may be reading.
 */
export async function removeGrade(deps: ApiDeps, actor: AuditActor, storeId: number, gradeId: number): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    // Under the roster's lock: an import or a sync enrolling into this grade meanwhile waits.
    await lockRoster(trx, storeId);
    const grade = await existingGrade(trx, storeId, gradeId);
    const products = (await productCounts(trx, [gradeId])).get(gradeId) ?? 0;
    if (products > 0) throw new ApiError(409, inUse(grade, products));
    const enrolments = await enrolmentCount(trx, storeId, grade);
    if (enrolments > 0) throw new ApiError(409, enrolled(grade, enrolments));
    if (await hasMaterialList(trx, storeId, grade)) throw new ApiError(409, withList(grade));
    try {
      await trx.deleteFrom("series").where("id", "=", gradeId).execute();
    } catch (error) {
      // A product linked meanwhile: product_series' foreign key refuses the delete.
      const { code } = (error ?? {}) as { code?: unknown };
      if (code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY") throw new ApiError(409, inUse(grade, 1));
      throw error;
    }
    await recordAudit(
      trx,
      actor,
      {
        action: "grade.remove",
        targetType: "grade",
        targetId: String(gradeId),
        summary: `Removeu a série ${gradeLabel(fieldsOf(grade))} do período ${grade.period_code}`,
        before: { CODPERLET: grade.period_code, ...fieldsOf(grade), position: grade.position },
      },
      now,
    );
  });
}

/**
 * The ERP's sync of one grade by its natural key (CODPERLET, codgrade): created last in its
 * period (or at `position`), or its course, name and position (when given) updated; the same
 * call again changes nothing. Audited "grade.sync" every time, with the result.
 */
export async function syncGrade(
  deps: Pick<ApiDeps, "db" | "now">,
  actor: AuditActor,
  storeId: number,
  { CODPERLET, codgrade, CURSO, HABILITACAO, position }: GradeFields & { CODPERLET: string; position?: number },
): Promise<{ id: number; result: "criado" | "atualizado" | "sem mudança" }> {
  const now = deps.now();
  const fields = { codgrade, CURSO, HABILITACAO };
  return codeChecked(CODPERLET, codgrade, () =>
    deps.db.transaction().execute(async (trx) => {
      const grade = await findGradeByCode(trx, storeId, CODPERLET, codgrade);
      let id: number;
      let result: "criado" | "atualizado" | "sem mudança";
      let before: Record<string, unknown> | undefined;
      let after: Record<string, unknown>;
      if (!grade) {
        const place = position ?? (await nextPosition(trx, storeId, CODPERLET));
        id = await insertGrade(trx, storeId, { ...fields, CODPERLET, position: place }, now);
        result = "criado";
        after = { CODPERLET, ...fields, position: place };
      } else {
        id = grade.id;
        const current = { ...fieldsOf(grade), position: grade.position };
        const wanted = { ...fields, position: position ?? grade.position };
        const changed = (Object.keys(wanted) as (keyof typeof wanted)[]).filter((key) => wanted[key] !== current[key]);
        result = changed.length === 0 ? "sem mudança" : "atualizado";
        if (changed.length > 0) await updateGradeRow(trx, id, wanted, now);
        before = Object.fromEntries(changed.map((key) => [key, current[key]]));
        after = Object.fromEntries(changed.map((key) => [key, wanted[key]]));
      }
      await recordAudit(
        trx,
        actor,
        {
          action: "grade.sync",
          targetType: "grade",
          targetId: String(id),
          summary: `Sincronizou a série ${gradeLabel(fields)} do período ${CODPERLET}: ${result}`,
          before,
          after: { ...after, result },
        },
        now,
      );
      return { id, result };
    }),
  );
}

const targetHasGrades = (to: string) =>
  `O período ${to} já tem séries: a cópia só vai para um período sem séries. ` +
  "Para acrescentar séries a ele, use o formulário ou a importação por CSV.";

/**
 * A period's grades, in order, into a period that has none: codes, courses and names, never
 * the products linked to them (the next year's material is chosen again).
 */
export async function copyPeriod(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  { from, to }: { from: string; to: string },
): Promise<number> {
  const now = deps.now();
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const existing = await periodGrades(trx, storeId, to);
      if (existing.length > 0) throw new ApiError(409, targetHasGrades(to));
      const source = await periodGrades(trx, storeId, from);
      if (source.length === 0) throw badRequest(`O período ${from} não tem séries para copiar.`);
      for (const [index, grade] of source.entries())
        await insertGrade(trx, storeId, { ...fieldsOf(grade), CODPERLET: to, position: index + 1 }, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "grades.copy-period",
          targetType: "grades",
          targetId: to,
          summary: `Copiou ${counted(source.length, "série", "séries")} do período ${from} para ${to}`,
          after: { from, to, copied: source.length },
        },
        now,
      );
      return source.length;
    });
  } catch (error) {
    // Another copy or an import into `to` at the same moment.
    if (isUniqueViolation(error)) throw new ApiError(409, targetHasGrades(to));
    throw error;
  }
}
