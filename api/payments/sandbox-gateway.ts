/**
 * The sandbox gateway, the default: no money moves. Cards answer by number (README
 * "Test cards"; docs/payments.md); boletos are real FEBRABAN boletos of a sandbox bank (999) that stay
 * pending; a Pix is a real BR Code that stays pending until the sandbox action pays it or it
 * expires; free orders are paid at once. Like an acquirer it keeps a ledger of its payments
 * (the sandbox_payments table): a key it has seen answers the first payment, so a retry
 * charges once, and reconciliation can ask it about a sale (docs/decisions/0018-payment-flow.md).
 *
 * Runs under plain Node (type stripping) for the command-line tool: no TypeScript-only syntax.
 */
import type { Kysely, Selectable } from "kysely";
import { addDays, todayInBrazil } from "#core/dates.ts";
import type { Database, SandboxPaymentTable } from "#db/schema.ts";
import { createBoleto } from "./boleto.ts";
import { buildPixBrCode } from "./pix/br-code.ts";
import type { ChargeRequest, GatewayStatus, PaymentGateway, PaymentState } from "./gateway.ts";

/** Numbers that decline or stay under review; any other valid card is approved. */
export const SANDBOX_CARDS = {
  approved: [
    "4111111111111111",
    "5555555555554444",
    "378282246310005",
    "6062825624254001",
    "5067230000000002",
    "36490102462661",
  ],
  declined: ["4000000000000002", "5105105105105100"],
  pending: ["4000000000000010"],
} as const;

export const SANDBOX_DECLINE_MESSAGE =
  "Pagamento recusado pela operadora do cartão. Confira os dados ou use outro cartão.";

/** Days a boleto has to be paid, counted from the purchase. */
export const BOLETO_DAYS_TO_PAY = 3;

/**
 * Who receives the sandbox's Pix (docs/decisions/0022-pix.md). The key is a random key (EVP)
 * registered nowhere: a bank app reads the code, shows the store and the amount, and finds no
 * account to pay, so no money can move on a demo.
 */
export const SANDBOX_PIX_MERCHANT = {
  key: "7d9f0e5a-3c41-4b8e-9a26-5f1c0b7e2d48",
  merchantName: "LOJA ESCOLAR",
  merchantCity: "RECIFE",
} as const;

/** Minutes a Pix code stays payable when the request names no expiry (the store's default). */
const DEFAULT_PIX_MINUTES = 30;

/** Txid of a charge: the sale's reference and the start of the attempt's key, unique per code (25 at most). */
export const pixTxidOf = (request: Pick<ChargeRequest, "referenceCode" | "idempotencyKey">) =>
  `${request.referenceCode}${request.idempotencyKey}`.replace(/[^A-Za-z0-9]/g, "").slice(0, 25);

type Ledger = Pick<Selectable<SandboxPaymentTable>, "status" | "message" | "card_brand" | "card_last4"> &
  Pick<Selectable<SandboxPaymentTable>, "boleto_barcode" | "boleto_digitable_line" | "boleto_due_date"> &
  Pick<Selectable<SandboxPaymentTable>, "pix_copy_paste" | "pix_expires_at">;

/** What the sandbox decides for a new payment: the card's number says it, a boleto or a Pix waits, free is paid. */
function outcomeOf(request: ChargeRequest): Ledger {
  const none = { message: null, card_brand: null, card_last4: null };
  const noBoleto = {
    boleto_barcode: null,
    boleto_digitable_line: null,
    boleto_due_date: null,
    pix_copy_paste: null,
    pix_expires_at: null,
  };
  if (request.method === "free") return { status: "paid", ...none, ...noBoleto };
  if (request.method === "pix") {
    const expiresAt = request.pixExpiresAt ?? new Date(request.now.getTime() + DEFAULT_PIX_MINUTES * 60_000);
    return {
      status: "pending",
      ...none,
      ...noBoleto,
      pix_copy_paste: buildPixBrCode({
        ...SANDBOX_PIX_MERCHANT,
        amountCents: request.amountCents,
        txid: pixTxidOf(request),
      }),
      pix_expires_at: expiresAt.toISOString(),
    };
  }
  if (request.method === "boleto") {
    const boleto = createBoleto({
      referenceNumber: request.referenceCode,
      amountCents: request.amountCents,
      dueDate: addDays(todayInBrazil(request.now), BOLETO_DAYS_TO_PAY),
    });
    return {
      status: "pending",
      ...none,
      ...noBoleto,
      boleto_barcode: boleto.barcode,
      boleto_digitable_line: boleto.digitableLine,
      boleto_due_date: boleto.dueDate,
    };
  }
  if (request.method !== "card") throw new Error(`O sandbox não aceita o método ${request.method}.`);
  // A token comes from an acquirer's browser SDK; the sandbox has none, so a token here is a wiring mistake.
  if (request.card?.kind !== "typed") throw new Error("O sandbox só aceita o cartão digitado no formulário da loja.");
  const { number, brand } = request.card;
  const card = { card_brand: brand, card_last4: number.slice(-4) };
  if ((SANDBOX_CARDS.declined as readonly string[]).includes(number))
    return { status: "declined", message: SANDBOX_DECLINE_MESSAGE, ...card, ...noBoleto };
  const status = (SANDBOX_CARDS.pending as readonly string[]).includes(number) ? "pending" : "paid";
  return { status, message: null, ...card, ...noBoleto };
}

/** A pending Pix past its expiry can no longer be paid: the sandbox answers it expired, as an acquirer does. */
function statusOf(row: Selectable<SandboxPaymentTable>, now: Date): GatewayStatus {
  // Cancelled by the gestor (cancel-sale): unpaid for good, as Mercado Pago's "cancelled" reads.
  if (row.status === "cancelled") return "expired";
  const expired =
    row.status === "pending" && row.pix_expires_at !== null && Date.parse(row.pix_expires_at) <= now.getTime();
  return expired ? "expired" : (row.status as GatewayStatus);
}

function stateOf(row: Selectable<SandboxPaymentTable>, now: Date): PaymentState {
  return {
    status: statusOf(row, now),
    transactionId: row.transaction_id,
    amountCents: row.amount_cents,
    currency: "BRL",
    ...(row.message ? { message: row.message } : {}),
    ...(row.boleto_barcode && row.boleto_digitable_line && row.boleto_due_date
      ? {
          boleto: {
            barcode: row.boleto_barcode,
            digitableLine: row.boleto_digitable_line,
            dueDate: row.boleto_due_date,
            pdfUrl: null,
          },
        }
      : {}),
    ...(row.card_brand && row.card_last4 ? { card: { brand: row.card_brand, lastFour: row.card_last4 } } : {}),
    ...(row.pix_copy_paste && row.pix_expires_at
      ? { pix: { copyPaste: row.pix_copy_paste, expiresAt: row.pix_expires_at } }
      : {}),
  };
}

/** The sandbox's newest payment of a sale: the one its acquirer would answer about. */
const newestOf = (db: Kysely<Database>, saleId: string) =>
  db
    .selectFrom("sandbox_payments")
    .selectAll()
    .where("sale_id", "=", saleId)
    .orderBy("created_at", "desc")
    .executeTakeFirst();

/**
 * The sandbox action "Simular pagamento (sandbox)" (docs/decisions/0022-pix.md): the sale's
 * newest payment, a Pix still payable, becomes paid, as if the payer's bank had sent it. A paid
 * one stays paid (a double click pays once); anything else answers null.
 */
export async function paySandboxPix(
  { db, now }: { db: Kysely<Database>; now: () => Date },
  saleId: string,
): Promise<PaymentState | null> {
  const at = now();
  const row = await newestOf(db, saleId);
  if (!row || row.method !== "pix") return null;
  if (row.status === "paid") return stateOf(row, at);
  if (statusOf(row, at) !== "pending") return null;
  await db
    .updateTable("sandbox_payments")
    .set({ status: "paid", updated_at: at.toISOString() })
    .where("idempotency_key", "=", row.idempotency_key)
    .where("status", "=", "pending")
    .execute();
  const paid = await newestOf(db, saleId);
  return paid?.status === "paid" ? stateOf(paid, at) : null;
}

export function createSandboxGateway({ db, now }: { db: Kysely<Database>; now: () => Date }): PaymentGateway {
  const byKey = (key: string) =>
    db.selectFrom("sandbox_payments").selectAll().where("idempotency_key", "=", key).executeTakeFirst();
  /** The payment `transactionId` of the sale moved to `status` if it is in one of `from`; answers it as it is then. */
  async function move(saleId: string, transactionId: string, status: string, from: string[]) {
    await db
      .updateTable("sandbox_payments")
      .set({ status, updated_at: now().toISOString() })
      .where("sale_id", "=", saleId)
      .where("transaction_id", "=", transactionId)
      .where("status", "in", from)
      .execute();
    return db
      .selectFrom("sandbox_payments")
      .selectAll()
      .where("sale_id", "=", saleId)
      .where("transaction_id", "=", transactionId)
      .executeTakeFirst();
  }
  return {
    name: "sandbox",
    async charge(request) {
      const seen = await byKey(request.idempotencyKey);
      if (seen) return stateOf(seen, now());
      const at = now().toISOString();
      // Two charges with one key at once: the primary key keeps the first, both answer it.
      await db
        .insertInto("sandbox_payments")
        .values({
          idempotency_key: request.idempotencyKey,
          sale_id: request.saleId,
          transaction_id: `sandbox-${crypto.randomUUID()}`,
          method: request.method,
          amount_cents: request.amountCents,
          created_at: at,
          updated_at: at,
          ...outcomeOf(request),
        })
        .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
        .execute();
      const row = await byKey(request.idempotencyKey);
      if (!row) throw new Error("O sandbox perdeu o pagamento que acabou de gravar.");
      return stateOf(row, now());
    },
    async findBySaleId(saleId) {
      const row = await newestOf(db, saleId);
      return row ? stateOf(row, now()) : null;
    },
    async cancel({ saleId, transactionId }) {
      // Only an unpaid payment; its paying actions (paySandboxPix) then refuse it.
      const row = await move(saleId, transactionId, "cancelled", ["pending"]);
      if (!row) throw new Error("O sandbox não tem esse pagamento.");
      if (row.status !== "cancelled") throw new Error(`O sandbox não cancela um pagamento "${row.status}".`);
      return stateOf(row, now());
    },
    async refund({ saleId, transactionId }) {
      const row = await move(saleId, transactionId, "refunded", ["paid", "refunded"]);
      if (row?.status !== "refunded") throw new Error("O sandbox não tem um pagamento aprovado para estornar.");
      return stateOf(row, now());
    },
  };
}
