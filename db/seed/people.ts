import type { Kysely } from "kysely";
import type { Database } from "../schema.ts";
import { STORE_ID } from "./catalogue.ts";
import { COUPONS, DEMO_CUSTOMER, LINKED_RAS, STUDENTS } from "./people-data.ts";

/** Students with their school year and responsibles, the demo customer and its links, coupons. */
export async function seedPeople(db: Kysely<Database>, now: Date, passwordHash: string): Promise<void> {
  const createdAt = now.toISOString();
  const periodCode = `${now.getFullYear()}00`;
  // The enrolment's grade, class and shift and the responsibles' origin came with migration 0036;
  // a migration test seeds at an earlier step, where they do not exist yet.
  const withRoster = (await db.introspection.getTables()).some((table) => table.name === "roster_uploads");

  const studentIds = new Map<string, string>();
  for (const student of STUDENTS) {
    const id = crypto.randomUUID();
    studentIds.set(student.ra, id);
    const { address } = student;
    await db
      .insertInto("students")
      .values({
        id,
        store_id: STORE_ID,
        ra: student.ra,
        nome: student.nome,
        cpf: student.cpf,
        email: student.email,
        telefone1: student.telefone1,
        dtnascimento: student.dtnascimento,
        nacionalidade: "10",
        naturalidade: student.naturalidade,
        estadonatal: student.estadonatal,
        estadocivil: "S",
        sexo: student.sexo,
        cep: address.cep,
        rua: address.rua,
        numero: address.numero,
        complemento: address.complemento,
        bairro: address.bairro,
        cidade: address.cidade,
        estado: address.estado,
        pais: "Brasil",
        turno: student.turno,
        created_at: createdAt,
      })
      .execute();
    await db
      .insertInto("student_school_years")
      .values({
        id: crypto.randomUUID(),
        student_id: id,
        codperlet: periodCode,
        codcoligada: student.unitCode,
        deleted_at: null,
        ...(withRoster && {
          codgrade: student.codgrade,
          turma: student.turma,
          turno: student.turno,
          updated_at: createdAt,
        }),
      })
      .execute();
    await db
      .insertInto("responsibles")
      .values(
        // The demo's responsibles came with the enrolment: the school's, as an import writes them.
        student.responsibles.map((responsible, index) => ({
          id: crypto.randomUUID(),
          student_id: id,
          nome: responsible.nome,
          cpf: responsible.cpf,
          email: responsible.email,
          telefone1: responsible.telefone1,
          parentesco: responsible.parentesco,
          cep: responsible.address.cep,
          cidade: responsible.address.cidade,
          estado: responsible.address.estado,
          bairro: responsible.address.bairro,
          rua: responsible.address.rua,
          numero: responsible.address.numero,
          ...(withRoster && { source: "escola" as const, roster_slot: index + 1 }),
        })),
      )
      .execute();
  }

  const customerId = crypto.randomUUID();
  await db
    .insertInto("customers")
    .values({
      id: customerId,
      store_id: STORE_ID,
      name: DEMO_CUSTOMER.name,
      email: DEMO_CUSTOMER.email,
      password_hash: passwordHash,
      cpf: DEMO_CUSTOMER.cpf,
      cell_phone: DEMO_CUSTOMER.cellPhone,
      birth_date: DEMO_CUSTOMER.birthDate,
      zipcode: DEMO_CUSTOMER.zipcode,
      street: DEMO_CUSTOMER.street,
      house_number: DEMO_CUSTOMER.houseNumber,
      neighborhood: DEMO_CUSTOMER.neighborhood,
      city: DEMO_CUSTOMER.city,
      state: DEMO_CUSTOMER.state,
      avatar: null,
      created_at: createdAt,
    })
    .execute();
  await db
    .insertInto("customer_students")
    .values(
      LINKED_RAS.map((ra) => ({
        id: crypto.randomUUID(),
        customer_id: customerId,
        student_id: studentIds.get(ra)!,
        created_at: createdAt,
        deleted_at: null,
      })),
    )
    .execute();

  const year = now.getFullYear();
  await db
    .insertInto("coupons")
    .values(
      COUPONS.map((coupon) => ({
        id: crypto.randomUUID(),
        store_id: STORE_ID,
        code: coupon.code,
        percentage: coupon.percentage,
        starts_at: new Date(Date.UTC(year + coupon.years[0], 0, 1)).toISOString(),
        ends_at: new Date(Date.UTC(year + coupon.years[1], 11, 31, 23, 59, 59, 999)).toISOString(),
        max_uses: coupon.maxUses,
        max_uses_per_customer: coupon.maxUsesPerCustomer,
        status: "enabled" as const,
        created_at: createdAt,
      })),
    )
    .execute();
}
