/**
 * The payment gateway as the checkout sees it (docs/decisions/0010-checkout-and-payment.md).
 * The store ships a sandbox (sandbox-gateway.ts); a real acquirer plugs in behind the same
 * interface. The card number and security code travel in a ChargeRequest only: nothing here
 * stores or logs them.
 */
import type { SaleStatus } from "../contract/orders.ts";

export interface CardCharge {
  holder: string;
  /** Digits only. */
  number: string;
  cvv: string;
  /** year-month-10 (spec §7). */
  expirationDate: string;
  /** MASTER, DINERS, AMEX or the upper-case brand (spec §9). */
  brand: string;
  installments: number;
}

export interface ChargeRequest {
  /** The sale's id: a gateway that sees it twice must not charge twice. */
  saleId: string;
  referenceCode: string;
  amountCents: number;
  method: "boleto" | "card" | "free";
  card?: CardCharge;
  payer: { name: string; cpf: string; email: string };
  now: Date;
}

export interface ChargeResult {
  status: Extract<SaleStatus, "paid" | "pending" | "declined">;
  transactionId: string;
  /** Why a card was declined, for the customer. */
  message?: string;
  boleto?: { barcode: string; digitableLine: string; dueDate: string };
}

export interface PaymentGateway {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}
