import { expect, type APIRequestContext } from "@playwright/test";
import { currentPeriodCode, todayInBrazil } from "#core/dates.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import type { ApiCustomer } from "./accounts.ts";
import { newCpf } from "./data.ts";
import { withStoreDatabase } from "./server-side.ts";

/** A material list this test made for itself, for a grade code no other test or the demo uses. */
export interface OwnMaterialList {
  codgrade: string;
  periodCode: string;
  /** Its public page: /listas-de-material/202600/E2E…. */
  path: string;
  /** "Lista de material – E2E…": with no grade of that code, the list names the code. */
  title: string;
}

export interface OwnListLine {
  itemTOTVSId: number;
  quantity: number;
  required: boolean;
  note?: string;
}

const STORE = 1;

/**
 * A list of the current period for a grade code of its own (no series row: /compra-rapida's
 * grades stay as other tests count them), published today, or a draft with `publishFrom: null`.
 */
export async function ownMaterialList(options: {
  notice: string;
  lines: OwnListLine[];
  publishFrom?: string | null;
}): Promise<OwnMaterialList> {
  const codgrade = `E2E${crypto.randomUUID().replaceAll("-", "").slice(0, 12).toUpperCase()}`;
  const periodCode = currentPeriodCode();
  return withStoreDatabase(async (db) => {
    const listId = crypto.randomUUID();
    const at = new Date().toISOString();
    await db
      .insertInto("material_lists")
      .values({
        id: listId,
        store_id: STORE,
        period_code: periodCode,
        codgrade,
        notice: options.notice,
        publish_from: options.publishFrom === undefined ? todayInBrazil() : options.publishFrom,
        discount_percentage: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    for (const [position, line] of options.lines.entries()) {
      const product = await db
        .selectFrom("products")
        .select("id")
        .where("store_id", "=", STORE)
        .where("item_totvs_id", "=", line.itemTOTVSId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto("material_list_lines")
        .values({
          id: crypto.randomUUID(),
          list_id: listId,
          product_id: product.id,
          position,
          quantity: line.quantity,
          required: line.required ? 1 : 0,
          collective_use: 0,
          note: line.note ?? null,
        })
        .execute();
    }
    return {
      codgrade,
      periodCode,
      path: `/listas-de-material/${periodCode}/${codgrade}`,
      title: `Lista de material – ${codgrade}`,
    };
  });
}

/** A demo product of the school's own teaching material (TIPO M), sold only by the school: its item code and title. */
export function schoolOwnMaterial(): Promise<{ itemTOTVSId: number; title: string }> {
  return withStoreDatabase(async (db) => {
    const row = await db
      .selectFrom("products")
      .select(["item_totvs_id", "title"])
      .where("store_id", "=", STORE)
      .where("type", "=", "M")
      .where("status", "=", "enabled")
      .where("visible", "=", 1)
      .where("option_name", "is", null)
      .orderBy("item_totvs_id")
      .executeTakeFirstOrThrow();
    return { itemTOTVSId: row.item_totvs_id, title: row.title };
  });
}

/**
 * A new student linked to the customer (the new-student form's call) and enrolled this period in
 * `codgrade`, as the school's roster would enrol them: the grade of now that decides their list.
 */
export async function studentInGrade(
  request: APIRequestContext,
  customer: ApiCustomer,
  name: string,
  codgrade: string | null,
): Promise<string> {
  const created = await request.post("/api/students/create-empty-student", {
    headers: customer.headers,
    data: {
      storeId: STORE,
      customerId: customer.id,
      nome: name,
      dtnascimento: "2014-03-12",
      estadonatal: "PE",
      naturalidade: "Recife",
      cpf: newCpf(),
      cep: "51021000",
      rua: "Avenida Boa Viagem",
      numero: "450",
      bairro: "Boa Viagem",
      estado: "PE",
      cidade: "Recife",
      consentVersion: STUDENT_CONSENT_VERSION,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const studentId = (await created.json()).student.id as string;
  if (codgrade === null) return studentId;
  await withStoreDatabase(async (db) => {
    const unit = await db
      .selectFrom("school_units")
      .select("code")
      .where("store_id", "=", STORE)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("student_school_years")
      .values({
        id: crypto.randomUUID(),
        student_id: studentId,
        codperlet: currentPeriodCode(),
        codcoligada: unit.code,
        deleted_at: null,
        codgrade,
        turma: "A",
        turno: "Manhã",
        updated_at: null,
      })
      .execute();
  });
  return studentId;
}
