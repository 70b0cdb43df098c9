/**
 * The list of sales as a spreadsheet for the school's accounting (docs/decisions/0030): the
 * shape Excel opens in Brazil without a question: `;` between fields, a decimal comma, dates as
 * dd/mm/aaaa, UTF-8 with a BOM (or Excel reads the accents as Latin-1).
 */
import { stringify } from "csv-stringify/sync";
import type { Kysely } from "kysely";
import type { SaleFilters } from "#api/contract/gestor/sales.ts";
import { LIST_DISCOUNT_LABEL, paymentMethodLabel, saleStatusLabel } from "#core/sales.ts";
import { formatCpf } from "#core/cpf.ts";
import { brazilDateTime } from "#core/dates.ts";
import type { Database } from "#db/schema.ts";
import type { StaffScope } from "../staff/staff-scope.ts";
import { NEUTRALISE_FORMULAS } from "../spreadsheet-cells.ts";
import { salesOf, studentsOf, unitLinesOf } from "./sale-search.ts";

const HEADER = [
  "Código",
  "Data",
  "Situação",
  "Forma de pagamento",
  "Parcelas",
  "Cliente",
  "E-mail",
  "CPF",
  "Estudantes",
  "Unidades (CODCOLIGADA)",
  "Cupom",
  "Subtotal",
  LIST_DISCOUNT_LABEL,
  "Desconto",
  "Total",
];

/** 123456 centavos → "1234,56": no thousands separator, which a spreadsheet would read as text. */
const amount = (cents: number) => (cents / 100).toFixed(2).replace(".", ",");

export async function salesCsv(db: Kysely<Database>, filters: SaleFilters, scope: StaffScope): Promise<string> {
  const sales = await salesOf(db, filters, scope);
  const ids = sales.map((sale) => sale.id);
  const students = await studentsOf(db, ids);
  const units = await unitLinesOf(db, ids);
  const rows = sales.map((sale) => {
    const { date, time } = brazilDateTime(sale.created_at);
    return [
      sale.reference_code,
      `${date} ${time}`,
      saleStatusLabel(sale.status),
      paymentMethodLabel(sale.payment_method_code),
      String(sale.installments),
      sale.name,
      sale.email,
      sale.cpf ? formatCpf(sale.cpf) : "",
      (students.get(sale.id) ?? [])
        .map((student) => (student.ra ? `${student.name} (RA ${student.ra})` : student.name))
        .join(", "),
      [...new Set((units.get(sale.id) ?? []).map((line) => line.unitCode))]
        .sort((a, b) => Number(a) - Number(b))
        .join(", "),
      sale.coupon_code ?? "",
      amount(sale.subtotal_cents),
      amount(sale.list_discount_cents),
      amount(sale.discount_cents),
      amount(sale.total_cents),
    ];
  });
  // Every text cell a spreadsheet would run as a formula is kept as text (spreadsheet-cells.ts).
  return stringify([HEADER, ...rows], {
    delimiter: ";",
    bom: true,
    record_delimiter: "windows",
    ...NEUTRALISE_FORMULAS,
  });
}
