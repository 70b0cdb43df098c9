/**
 * "Seu pedido está pronto para retirada" (issue 30; docs/decisions/0075): the e-mail a sale's
 * family gets when the unit marks lines ready, queued in the move's transaction (api/mail/
 * mail-outbox.ts), so it says what was committed. It names the unit's address and pickup hours
 * (school_units, as the secretary keeps them), the pickup code and the link to the receipt that
 * shows its QR (docs/decisions/0076), what is ready per student and, when other lines of the
 * sale are still on their way, that they are (and the subject says only part is ready). The
 * layout, item names and unit text are the sale e-mails' own (api/sales/sale-emails.ts).
 */
import type { Kysely } from "kysely";
import { formatPickupCode, isSeatType, PICKUP_CODE_TEXTS } from "#core/delivery.ts";
import { pickupText, unitFrom } from "#core/school-units.ts";
import { firstName } from "#core/text.ts";
import type { Database } from "#db/schema.ts";
import { enqueueMail, type OutboxDeps } from "../../mail/mail-outbox.ts";
import type { WhatsappOutboxDeps } from "../../messages/enqueue-whatsapp.ts";
import { enqueuePickupReadyWhatsapp } from "../../messages/event-messages.ts";
import { messageOf, soldItemName } from "../../sales/sale-emails.ts";
import { listUnits } from "../../units/repository.ts";

/** What the e-mail says when the unit has not written its pickup hours. */
const PICKUP_HOURS_UNKNOWN = "consulte a secretaria da unidade";

/** The sale's public receipt, which shows the pickup code's QR (app/routes.ts comprovantePublico). */
const receiptUrl = (publicUrl: string, bagId: string, saleId: string) =>
  `${publicUrl}/comprovantePublico/${encodeURIComponent(bagId)}/${encodeURIComponent(saleId)}`;

/**
 * Queues the e-mail of one sale whose lines were just made ready, and to a customer who opted in
 * one WhatsApp message per unit with something ready (issue 31). Call it in the move's transaction.
 */
export async function enqueueReadyEmail(
  db: Kysely<Database>,
  deps: OutboxDeps & WhatsappOutboxDeps & { publicUrl: string },
  saleId: string,
): Promise<void> {
  const sale = await db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select(["sales.store_id", "sales.reference_code", "sales.pickup_code", "customers.email", "customers.name"])
    .select("sales.customer_id")
    .where("sales.id", "=", saleId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("sale_bag_items as line")
    .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
    .select(["bag.id as bag_id", "bag.student_name", "line.title", "line.quantity", "line.option_name"])
    .select(["line.option_value", "line.unit_code", "line.type", "line.delivery_state"])
    .where("bag.sale_id", "=", saleId)
    .orderBy("bag.student_name")
    .orderBy("line.title")
    .execute();
  const goods = lines.filter((line) => !isSeatType(line.type));
  const ready = goods.filter((line) => line.delivery_state === "ready");
  if (ready.length === 0) return;
  const partly = goods.some((line) => line.delivery_state === "awaiting" || line.delivery_state === "separated");
  const units = await listUnits(db, sale.store_id);
  const ref = sale.reference_code;
  const places = [...new Set(ready.map((line) => line.unit_code))].flatMap((code) => {
    const unit = unitFrom(units, code);
    const hours = "pickupHours" in unit ? unit.pickupHours : null;
    const here = ready.filter((line) => line.unit_code === code);
    return [
      "",
      pickupText({ ...unit, pickupHours: hours }),
      ...(hours ? [] : [`Horário de retirada: ${PICKUP_HOURS_UNKNOWN}${unit.phone ? ` (${unit.phone})` : ""}`]),
      ...[...new Set(here.map((line) => line.student_name))].flatMap((student) => [
        `${student}:`,
        ...here
          .filter((line) => line.student_name === student)
          .map((line) => `  ${line.quantity} x ${soldItemName(line)}`),
      ]),
    ];
  });
  const subject = partly ? "Parte do seu pedido está pronta para retirada" : "Seu pedido está pronto para retirada";
  const message = messageOf(sale, `${subject} - pedido ${ref} - Loja Escolar`, [
    `Olá, ${firstName(sale.name) || "cliente"}!`,
    "",
    ready.length === 1
      ? `O item abaixo do seu pedido ${ref} está pronto para retirada.`
      : `Os itens abaixo do seu pedido ${ref} estão prontos para retirada.`,
    ...(sale.pickup_code
      ? [
          "",
          `${PICKUP_CODE_TEXTS.title}: ${formatPickupCode(sale.pickup_code)}`,
          "Apresente este código na secretaria da unidade.",
          PICKUP_CODE_TEXTS.whoMayPickUp,
          PICKUP_CODE_TEXTS.qrLink,
          receiptUrl(deps.publicUrl, ready[0]!.bag_id, saleId),
        ]
      : []),
    ...places,
    ...(partly
      ? ["", "Os demais itens do pedido ainda estão sendo preparados: avisaremos por e-mail quando ficarem prontos."]
      : []),
    "",
    "Você pode acompanhar cada item em Minha Conta, na Loja Escolar.",
    "",
    "Loja Escolar",
  ]);
  await enqueueMail(db, deps, "pickup-ready", message, { customerId: sale.customer_id, saleId });
  const readyUnits = [...new Set(ready.map((line) => line.unit_code))];
  for (const code of readyUnits) {
    const unit = unitFrom(units, code);
    await enqueuePickupReadyWhatsapp(db, deps, {
      customerId: sale.customer_id,
      saleId,
      name: sale.name,
      referenceCode: ref,
      whole: !partly && readyUnits.length === 1,
      unit,
      pickupHours: "pickupHours" in unit ? unit.pickupHours : null,
      pickupCode: sale.pickup_code,
    });
  }
}
