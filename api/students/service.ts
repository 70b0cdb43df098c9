import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { StudentConsentVersion } from "#core/student-consent.ts";
import {
  ALREADY_LINKED,
  LINK_NOT_FOUND,
  LINK_PROOF_MISMATCH,
  NEW_STUDENT_DEFAULTS,
  STUDENT_NOT_FOUND,
  type NewStudentData,
  type Responsible,
  type ResponsibleData,
  type Student,
  type StudentLink,
} from "../contract/students.ts";
import type { CustomerRow } from "../customers/repository.ts";
import type { ApiDeps } from "../deps.ts";
import { ApiError, notFound } from "../errors.ts";
import { dropStudentBag } from "../carts/repository.ts";
import { lockCustomer } from "../customers/customer-lock.ts";
import { findLinkOfStudent, findStudentLink, insertConsent, insertLink, toResponsible } from "./repository.ts";

type Db = Kysely<Database>;

async function linkItem(db: Db, customerId: string, linkId: string): Promise<StudentLink> {
  const link = await findStudentLink(db, customerId, linkId);
  if (!link) throw notFound(STUDENT_NOT_FOUND);
  return link;
}

/**
 * POST /students/add-student-to-customer: links an enrolled student by RA and birth date
 * (docs/decisions/0013), keeping the adult's consent. An unknown RA and a wrong date answer
 * alike, so the reply never says which was wrong. The caller counts the failures.
 */
export function addStudentByRA(
  deps: ApiDeps,
  customer: CustomerRow,
  proof: { ra: string; birthDate: string; consentVersion: StudentConsentVersion },
): Promise<StudentLink> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const student = await trx
      .selectFrom("students")
      .select(["id", "dtnascimento"])
      .where("store_id", "=", customer.store_id)
      .where("ra", "=", proof.ra)
      .executeTakeFirst();
    if (!student?.dtnascimento || student.dtnascimento !== proof.birthDate) throw notFound(LINK_PROOF_MISMATCH);
    if (await findLinkOfStudent(trx, customer.id, student.id)) throw new ApiError(409, ALREADY_LINKED);
    const linkId = await insertLink(trx, customer.id, student.id, at);
    await insertConsent(
      trx,
      { customerId: customer.id, studentId: student.id, purpose: "link-ra" },
      proof.consentVersion,
      at,
    );
    return linkItem(trx, customer.id, linkId);
  });
}

type StudentValues = Omit<NewStudentData, "email" | "telefone1"> & { email?: string | null; telefone1?: string | null };

async function insertStudent(db: Db, storeId: number, data: StudentValues, createdAt: string): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("students")
    .values({
      id,
      store_id: storeId,
      ra: null,
      nome: data.nome,
      cpf: data.cpf,
      email: data.email ?? null,
      telefone1: data.telefone1 ?? null,
      dtnascimento: data.dtnascimento,
      naturalidade: data.naturalidade || null,
      estadonatal: data.estadonatal || null,
      cep: data.cep,
      rua: data.rua,
      numero: data.numero,
      bairro: data.bairro,
      cidade: data.cidade,
      estado: data.estado,
      turno: null,
      created_at: createdAt,
      ...NEW_STUDENT_DEFAULTS,
    })
    .execute();
  return id;
}

/**
 * POST /students/create-empty-student: a student not enrolled yet (no RA), linked to the
 * customer, with the adult's consent kept. The reply shows the CPF the customer typed.
 */
export function createEmptyStudent(
  deps: ApiDeps,
  customer: CustomerRow,
  data: NewStudentData,
  consentVersion: StudentConsentVersion,
): Promise<Student & { linkId: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const studentId = await insertStudent(trx, customer.store_id, data, at);
    const linkId = await insertLink(trx, customer.id, studentId, at);
    await insertConsent(trx, { customerId: customer.id, studentId, purpose: "create-student" }, consentVersion, at);
    const { student } = await linkItem(trx, customer.id, linkId);
    return { ...student, cpf: data.cpf, linkId };
  });
}

/**
 * POST /students/already-student/…: "Sou Aluno", the customer as a student. Idempotent. It
 * links a student of the school only when both the CPF and the birth date of the account
 * match the record (docs/decisions/0013): a CPF alone is not checked at sign-up. Otherwise
 * the customer gets a student record of their own, from their account's data, for what they
 * buy for themself. Either way the link is the customer's own, not one of their students: the
 * student list leaves it out (docs/decisions/0043).
 */
export function alreadyStudent(deps: ApiDeps, customer: CustomerRow): Promise<StudentLink> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const existing = await trx
      .selectFrom("students")
      .select("id")
      .where("store_id", "=", customer.store_id)
      .where("cpf", "=", customer.cpf)
      .where("dtnascimento", "=", customer.birth_date)
      .orderBy("created_at")
      .orderBy("id")
      .executeTakeFirst();
    const studentId =
      existing?.id ??
      (await insertStudent(
        trx,
        customer.store_id,
        {
          nome: customer.name,
          cpf: customer.cpf,
          email: customer.email,
          telefone1: customer.cell_phone,
          dtnascimento: customer.birth_date,
          estadonatal: "",
          naturalidade: "",
          cep: customer.zipcode,
          rua: customer.street,
          numero: customer.house_number,
          bairro: customer.neighborhood,
          cidade: customer.city,
          estado: customer.state,
        },
        at,
      ));
    // The customer's own record, never one of their students (docs/decisions/0043): a link to it
    // made earlier by RA becomes the own one.
    const link = await findLinkOfStudent(trx, customer.id, studentId);
    if (link) await trx.updateTable("customer_students").set({ is_self: 1 }).where("id", "=", link.id).execute();
    return linkItem(trx, customer.id, link?.id ?? (await insertLink(trx, customer.id, studentId, at, { self: true })));
  });
}

/** POST /responsibles/create-responsible: only for a student linked to the customer. */
export async function createResponsible(
  deps: ApiDeps,
  customer: CustomerRow,
  studentId: string,
  data: ResponsibleData,
): Promise<Responsible> {
  if (!(await findLinkOfStudent(deps.db, customer.id, studentId))) throw notFound(STUDENT_NOT_FOUND);
  // A parent's responsible: a roster import never replaces it (migration 0036).
  const row = {
    id: crypto.randomUUID(),
    student_id: studentId,
    ...data,
    source: "cliente" as const,
    roster_slot: null,
  };
  await deps.db.insertInto("responsibles").values(row).execute();
  return { ...toResponsible(row), cpf: row.cpf };
}

/**
 * The end of a link, whoever ends it (the customer's "Remover vínculo", or the gestor's area):
 * the link goes (never the student) and so does that student's bag in the open cart (spec §4).
 * Call inside the transaction that holds the customer's lock.
 */
export async function endStudentLink(
  trx: Db,
  customer: Pick<CustomerRow, "id" | "store_id">,
  link: { id: string; studentId: string },
  at: string,
): Promise<void> {
  await trx.updateTable("customer_students").set({ deleted_at: at }).where("id", "=", link.id).execute();
  await dropStudentBag(trx, customer, link.studentId, at);
}

/**
 * POST /students/soft-delete-link-student-to-customer/…: ends the link (never the
 * student) and takes that student's bag out of the cart, in one transaction.
 */
export function removeStudentLink(deps: ApiDeps, customer: CustomerRow, linkId: string, studentId: string) {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.now().toISOString();
    await lockCustomer(trx, customer.id);
    const link = await findLinkOfStudent(trx, customer.id, studentId);
    if (!link || link.id !== linkId) throw notFound(LINK_NOT_FOUND);
    await endStudentLink(trx, customer, { id: link.id, studentId }, at);
    return { id: link.id, studentId, deletedAt: at };
  });
}
