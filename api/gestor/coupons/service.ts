/**
 * The gestor's coupons (docs/decisions/0033-gestor-coupons-and-ticket-replies.md): what the
 * area lists, creates, edits, pauses and resumes. The shop's rules stay in
 * api/coupons/coupon-rules.ts; this module only writes what they read, each write audited in
 * its own transaction.
 */
import type { Kysely, Selectable } from "kysely";
import { addDays, startOfBrazilDay, todayInBrazil } from "#core/dates.ts";
import type { CouponTable, Database } from "#db/schema.ts";
import { COUPON_ADMIN_MESSAGES, type CouponFields, type GestorCoupon } from "../../contract/gestor/coupons.ts";
import { GESTOR_PAGE_SIZE, paging } from "../../contract/gestor/paging.ts";
import type { ApiDeps } from "../../deps.ts";
import { ApiError, badRequest, notFound } from "../../errors.ts";
import { recordAudit, type AuditActor } from "../audit/audit-log.ts";
import { containsText } from "../text-search.ts";

type CouponRow = Selectable<CouponTable>;

/** The stored window: from the first day's start to the last day's end, in the store's time zone. */
function windowOf(fields: Pick<CouponFields, "startsOn" | "endsOn">) {
  const endsAt = new Date(Date.parse(startOfBrazilDay(addDays(fields.endsOn, 1))) - 1).toISOString();
  return { starts_at: startOfBrazilDay(fields.startsOn), ends_at: endsAt };
}

async function usesOf(db: Kysely<Database>, couponIds: string[]) {
  const counts = new Map(couponIds.map((id) => [id, 0]));
  if (couponIds.length === 0) return counts;
  const rows = await db
    .selectFrom("coupon_uses")
    .select((eb) => ["coupon_id", eb.fn.countAll<number>().as("n")])
    .where("coupon_id", "in", couponIds)
    .groupBy("coupon_id")
    .execute();
  for (const row of rows) counts.set(row.coupon_id, Number(row.n));
  return counts;
}

async function toGestorCoupons(db: Kysely<Database>, rows: CouponRow[], now: Date): Promise<GestorCoupon[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [uses, units, categories] = await Promise.all([
    usesOf(db, ids),
    db.selectFrom("coupon_units").selectAll().where("coupon_id", "in", ids).orderBy("unit_code").execute(),
    db.selectFrom("coupon_categories").selectAll().where("coupon_id", "in", ids).execute(),
  ]);
  const at = now.getTime();
  return rows.map((row) => {
    const used = uses.get(row.id)!;
    const paused = row.status !== "enabled";
    return {
      id: row.id,
      storeId: row.store_id,
      code: row.code,
      percentage: row.percentage,
      startsOn: todayInBrazil(new Date(row.starts_at)),
      endsOn: todayInBrazil(new Date(row.ends_at)),
      maxUses: row.max_uses,
      maxUsesPerCustomer: row.max_uses_per_customer,
      paused,
      // In the order the shop refuses a coupon (coupon-rules.ts).
      state: paused
        ? "pausado"
        : at < Date.parse(row.starts_at)
          ? "agendado"
          : at > Date.parse(row.ends_at)
            ? "expirado"
            : row.max_uses !== null && used >= row.max_uses
              ? "esgotado"
              : "ativo",
      uses: used,
      unitCodes: units.filter((unit) => unit.coupon_id === row.id).map((unit) => unit.unit_code),
      categoryIds: categories.filter((category) => category.coupon_id === row.id).map((c) => c.category_id),
    };
  });
}

async function findRow(db: Kysely<Database>, couponId: string): Promise<CouponRow> {
  const row = await db.selectFrom("coupons").selectAll().where("id", "=", couponId).executeTakeFirst();
  if (!row) throw notFound(COUPON_ADMIN_MESSAGES.notFound);
  return row;
}

async function viewOf(db: Kysely<Database>, couponId: string, now: Date): Promise<GestorCoupon> {
  return (await toGestorCoupons(db, [await findRow(db, couponId)], now))[0]!;
}

export async function listGestorCoupons(
  { db, now }: ApiDeps,
  { storeId, page, q }: { storeId: number; page: number; q?: string },
) {
  let query = db.selectFrom("coupons").where("store_id", "=", storeId);
  if (q) query = query.where(containsText("code", q));
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const pages = paging(page, Number(total));
  const rows = await query
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("code")
    .limit(GESTOR_PAGE_SIZE)
    .offset(pages.offset)
    .execute();
  return {
    rows: await toGestorCoupons(db, rows, now()),
    page: pages.page,
    pageCount: pages.pageCount,
    total: Number(total),
  };
}

export async function couponOptions({ db }: ApiDeps, storeId: number) {
  const categories = await db
    .selectFrom("categories")
    .select(["id", "title"])
    .where("store_id", "=", storeId)
    .orderBy("position")
    .orderBy("title")
    .execute();
  return { categories };
}

export async function getGestorCoupon({ db, now }: ApiDeps, couponId: string, page: number) {
  const coupon = await viewOf(db, couponId, now());
  const pages = paging(page, coupon.uses);
  const uses = await db
    .selectFrom("coupon_uses as u")
    .leftJoin("customers as c", "c.id", "u.customer_id")
    .leftJoin("sales as s", "s.id", "u.sale_id")
    .select(["u.id", "u.created_at", "u.customer_id", "u.sale_id", "c.name", "c.email", "s.discount_cents"])
    .where("u.coupon_id", "=", couponId)
    .orderBy("u.created_at", "desc")
    .orderBy("u.id")
    .limit(GESTOR_PAGE_SIZE)
    .offset(pages.offset)
    .execute();
  return {
    coupon,
    uses: {
      rows: uses.map((use) => ({
        id: use.id,
        at: use.created_at,
        customerId: use.customer_id,
        customerName: use.name,
        customerEmail: use.email,
        saleId: use.sale_id,
        discountCents: use.discount_cents,
      })),
      page: pages.page,
      pageCount: pages.pageCount,
      total: coupon.uses,
    },
  };
}

async function assertCodeFree(db: Kysely<Database>, storeId: number, code: string, exceptId?: string) {
  let query = db.selectFrom("coupons").select("id").where("store_id", "=", storeId).where("code", "=", code);
  if (exceptId) query = query.where("id", "!=", exceptId);
  if (await query.executeTakeFirst()) throw new ApiError(409, COUPON_ADMIN_MESSAGES.codeTaken);
}

/** Two writes racing past assertCodeFree meet the table's unique (store, code): the same 409. */
function rethrowCodeTaken(error: unknown): never {
  const { code } = (error ?? {}) as { code?: unknown };
  if (code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE") throw new ApiError(409, COUPON_ADMIN_MESSAGES.codeTaken);
  throw error;
}

/**
 * A coupon's units are the store's (school_units, issue 27): an active unit, or an inactive one
 * the coupon already had (kept, as an old coupon still names it); anything else is refused.
 */
async function assertUnitsChoosable(db: Kysely<Database>, couponId: string, storeId: number, unitCodes: string[]) {
  const units = await db
    .selectFrom("school_units")
    .select(["code", "active"])
    .where("store_id", "=", storeId)
    .where("code", "in", unitCodes)
    .execute();
  const had = new Set(
    (await db.selectFrom("coupon_units").select("unit_code").where("coupon_id", "=", couponId).execute()).map(
      (row) => row.unit_code,
    ),
  );
  const choosable = units.filter((unit) => unit.active === 1 || had.has(unit.code));
  if (choosable.length !== unitCodes.length) throw badRequest(COUPON_ADMIN_MESSAGES.unknownUnit);
}

async function writeScope(db: Kysely<Database>, couponId: string, storeId: number, fields: CouponFields) {
  const categoryIds = [...new Set(fields.categoryIds)];
  if (categoryIds.length > 0) {
    const known = await db
      .selectFrom("categories")
      .select("id")
      .where("store_id", "=", storeId)
      .where("id", "in", categoryIds)
      .execute();
    if (known.length !== categoryIds.length) throw badRequest(COUPON_ADMIN_MESSAGES.unknownCategory);
  }
  const unitCodes = [...new Set(fields.unitCodes)];
  if (unitCodes.length > 0) await assertUnitsChoosable(db, couponId, storeId, unitCodes);
  await db.deleteFrom("coupon_units").where("coupon_id", "=", couponId).execute();
  await db.deleteFrom("coupon_categories").where("coupon_id", "=", couponId).execute();
  if (unitCodes.length > 0)
    await db
      .insertInto("coupon_units")
      .values(unitCodes.map((unit_code) => ({ coupon_id: couponId, unit_code })))
      .execute();
  if (categoryIds.length > 0)
    await db
      .insertInto("coupon_categories")
      .values(categoryIds.map((category_id) => ({ coupon_id: couponId, category_id })))
      .execute();
}

/** What the audit log keeps of a coupon: its fields as the gestor sees them. */
function audited({ uses: _uses, state: _state, ...coupon }: GestorCoupon) {
  return coupon;
}

export async function createCoupon(
  deps: ApiDeps,
  actor: AuditActor,
  storeId: number,
  fields: CouponFields,
): Promise<GestorCoupon> {
  const now = deps.now();
  const id = crypto.randomUUID();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      await assertCodeFree(trx, storeId, fields.code);
      await trx
        .insertInto("coupons")
        .values({
          id,
          store_id: storeId,
          code: fields.code,
          percentage: fields.percentage,
          ...windowOf(fields),
          max_uses: fields.maxUses ?? null,
          max_uses_per_customer: fields.maxUsesPerCustomer ?? null,
          status: "enabled",
          created_at: now.toISOString(),
        })
        .execute();
      await writeScope(trx, id, storeId, fields);
      const after = await viewOf(trx, id, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "coupon.create",
          targetType: "coupon",
          targetId: id,
          summary: `Criou o cupom ${after.code} (${after.percentage}%)`,
          after: audited(after),
        },
        now,
      );
      return after;
    })
    .catch(rethrowCodeTaken);
}

export async function updateCoupon(
  deps: ApiDeps,
  actor: AuditActor,
  couponId: string,
  fields: CouponFields,
): Promise<GestorCoupon> {
  const now = deps.now();
  return deps.db
    .transaction()
    .execute(async (trx) => {
      const row = await findRow(trx, couponId);
      const before = await viewOf(trx, couponId, now);
      if (fields.code !== row.code) {
        // Sales keep the code they were sold with, and a sale that comes back finds its coupon by it.
        if (before.uses > 0) throw badRequest(COUPON_ADMIN_MESSAGES.codeLocked);
        await assertCodeFree(trx, row.store_id, fields.code, row.id);
      }
      await trx
        .updateTable("coupons")
        .set({
          code: fields.code,
          percentage: fields.percentage,
          ...windowOf(fields),
          max_uses: fields.maxUses ?? null,
          max_uses_per_customer: fields.maxUsesPerCustomer ?? null,
        })
        .where("id", "=", couponId)
        .execute();
      await writeScope(trx, couponId, row.store_id, fields);
      const after = await viewOf(trx, couponId, now);
      await recordAudit(
        trx,
        actor,
        {
          action: "coupon.update",
          targetType: "coupon",
          targetId: couponId,
          summary: `Alterou o cupom ${after.code}`,
          before: audited(before),
          after: audited(after),
        },
        now,
      );
      return after;
    })
    .catch(rethrowCodeTaken);
}

/** Pauses or resumes; doing it twice changes nothing more and writes no second entry. */
export async function setCouponPaused(
  deps: ApiDeps,
  actor: AuditActor,
  couponId: string,
  paused: boolean,
): Promise<GestorCoupon> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await viewOf(trx, couponId, now);
    if (before.paused === paused) return before;
    await trx
      .updateTable("coupons")
      .set({ status: paused ? "disabled" : "enabled" })
      .where("id", "=", couponId)
      .execute();
    const after = await viewOf(trx, couponId, now);
    await recordAudit(
      trx,
      actor,
      {
        action: paused ? "coupon.pause" : "coupon.resume",
        targetType: "coupon",
        targetId: couponId,
        summary: `${paused ? "Pausou" : "Reativou"} o cupom ${after.code}`,
        before: { paused: before.paused },
        after: { paused: after.paused },
      },
      now,
    );
    return after;
  });
}
