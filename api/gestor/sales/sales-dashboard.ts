/**
 * The Painel's figures (docs/decisions/0030-gestor-orders.md). A sale counts once it is paid
 * (status "paid", free orders included), on the day its payment was confirmed in Brazil: a
 * boleto or Pix still unpaid is a promise, shown apart; refunded, cancelled, expired and
 * declined sales are not sales. Summed here rather than grouped in SQL, so SQLite and
 * PostgreSQL count days alike; 30 days of a school store's sales is a small read.
 */
import type { Kysely } from "kysely";
import type { PeriodFigures } from "#api/contract/gestor/sales.ts";
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from "#core/payment-methods.ts";
import { addDays, brazilDayStart, mondayOf, todayInBrazil } from "#core/dates.ts";
import { centsToReais } from "#core/money.ts";
import type { Database } from "#db/schema.ts";
import { salesOfUnits, unitsOf, type StaffScope } from "../staff/staff-scope.ts";
import { unitLinesOf } from "./sale-search.ts";
import { failedMessageCount } from "../messages/message-lists.ts";

export const CHART_DAYS = 30;

interface PaidSale {
  id: string;
  day: string;
  cents: number;
  method: PaymentMethodCode;
}

function addTo<K>(totals: Map<K, { count: number; cents: number }>, key: K, cents: number, count = 1) {
  const entry = totals.get(key) ?? { count: 0, cents: 0 };
  totals.set(key, { count: entry.count + count, cents: entry.cents + cents });
}

function periodFigures(
  sales: readonly PaidSale[],
  since: string,
  units: Map<string, { unitCode: string; cents: number }[]>,
  seen: readonly string[] | null,
): PeriodFigures {
  const inPeriod = sales.filter((sale) => sale.day >= since);
  const byMethod = new Map<PaymentMethodCode, { count: number; cents: number }>();
  const byUnit = new Map<string, { count: number; cents: number }>();
  for (const sale of inPeriod) {
    addTo(byMethod, sale.method, sale.cents);
    const lines = units.get(sale.id) ?? [];
    for (const code of new Set(lines.map((line) => line.unitCode).filter((code) => !seen || seen.includes(code))))
      addTo(
        byUnit,
        code,
        lines.filter((line) => line.unitCode === code).reduce((sum, line) => sum + line.cents, 0),
      );
  }
  const reais = ([, { count, cents }]: [unknown, { count: number; cents: number }]) => ({
    count,
    total: centsToReais(cents),
  });
  return {
    since,
    count: inPeriod.length,
    total: centsToReais(inPeriod.reduce((sum, sale) => sum + sale.cents, 0)),
    byMethod: [...byMethod].map((entry) => ({ paymentMethodCode: entry[0], ...reais(entry) })),
    byUnit: [...byUnit]
      .sort(([a], [b]) => Number(a) - Number(b))
      .map((entry) => ({ unitCode: entry[0], ...reais(entry) })),
  };
}

async function pendingOf(db: Kysely<Database>, method: PaymentMethodCode, units: readonly string[] | null) {
  const row = await db
    .selectFrom("sales")
    .select((eb) => [eb.fn.countAll().as("count"), eb.fn.sum<number | string | null>("total_cents").as("cents")])
    .where("status", "=", "pending")
    .where("payment_method_code", "=", method)
    .$if(units !== null, (qb) => qb.where("sales.id", "in", salesOfUnits(db, units!)))
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), total: centsToReais(Number(row.cents ?? 0)) };
}

/**
 * The figures a person sees: the whole network's, or a secretary's units' (decision 0061), where
 * a sale counts when it has a line of her units and its value is those lines' only.
 */
export async function salesDashboard({ db, now }: { db: Kysely<Database>; now: () => Date }, scope: StaffScope) {
  const seen = unitsOf(scope);
  const today = todayInBrazil(now());
  const firstDay = addDays(today, -(CHART_DAYS - 1));
  const week = mondayOf(today);
  const rows = await db
    .selectFrom("sales")
    .select(["id", "paid_at", "total_cents", "payment_method_code"])
    .where("status", "=", "paid")
    .where("paid_at", ">=", brazilDayStart(week < firstDay ? week : firstDay))
    .$if(seen !== null, (qb) => qb.where("sales.id", "in", salesOfUnits(db, seen!)))
    .execute();
  const units = await unitLinesOf(
    db,
    rows.filter((row) => seen || todayInBrazil(new Date(row.paid_at!)) >= week).map((row) => row.id),
  );
  const ownCents = (saleId: string) =>
    (units.get(saleId) ?? [])
      .filter((line) => seen!.includes(line.unitCode))
      .reduce((sum, line) => sum + line.cents, 0);
  const sales: PaidSale[] = rows.map((row) => ({
    id: row.id,
    day: todayInBrazil(new Date(row.paid_at!)),
    cents: seen ? ownCents(row.id) : row.total_cents,
    method: row.payment_method_code,
  }));
  const days = new Map<string, { count: number; cents: number }>();
  for (let day = firstDay; day <= today; day = addDays(day, 1)) days.set(day, { count: 0, cents: 0 });
  for (const sale of sales) if (days.has(sale.day)) addTo(days, sale.day, sale.cents);
  const openTickets = await db
    .selectFrom("support_tickets")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("status", "=", "aberto")
    .$if(seen !== null, (qb) => qb.where("unit_code", "in", [...seen!]))
    .executeTakeFirstOrThrow();
  return {
    today: periodFigures(sales, today, units, seen),
    week: periodFigures(sales, week, units, seen),
    pending: {
      boleto: await pendingOf(db, PAYMENT_METHOD_CODES.boleto, seen),
      pix: await pendingOf(db, PAYMENT_METHOD_CODES.pix, seen),
    },
    openTickets: Number(openTickets.count),
    failedMessages: await failedMessageCount(db, scope, now()),
    days: [...days].map(([date, { count, cents }]) => ({ date, count, total: centsToReais(cents) })),
  };
}
