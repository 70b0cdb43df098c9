/**
 * "Seu pedido está pronto para retirada" (issue 30; docs/decisions/0075): the e-mail a sale's
 * family gets when the unit marks lines ready, queued in the move's transaction (api/mail/
 * mail-outbox.ts), so it says what was committed. It names the unit's address and pickup hours
 * (school_units, as the secretary keeps them), the pickup code (docs/decisions/0076), what is
 * ready per student and, when other lines of the sale are still on their way, that they are.
 */
import type { Kysely } from "kysely";
import { formatPickupCode, isSeatType } from "#core/delivery.ts";
import { chosenOption } from "#core/product-options.ts";
import { unitFrom } from "#core/school-units.ts";
import { firstName } from "#core/text.ts";
import type { Database } from "#db/schema.ts";
import { escapeHtml } from "../../mail/escape-html.ts";
import { enqueueMail, type OutboxDeps } from "../../mail/mail-outbox.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { listUnits } from "../../units/repository.ts";

/** What the e-mail says when the unit has not written its pickup hours. */
const PICKUP_HOURS_UNKNOWN = "consulte a secretaria da unidade";

const READY_EMAIL_SUBJECT = "Seu pedido está pronto para retirada";

interface ReadyLine {
  studentName: string;
  title: string;
  quantity: number;
  optionName: string | null;
  optionValue: string | null;
  unitCode: string;
}

/** A paragraph of the e-mail: its lines (a list when `items`). */
type Block = { lines: string[]; items?: boolean; strong?: boolean };

const itemText = (line: ReadyLine) => {
  const option = chosenOption(line.optionName, line.optionValue);
  return `${line.quantity} x ${line.title}${option ? ` (${option})` : ""}`;
};

/** Queues the e-mail of one sale whose lines were just made ready. Call it in the move's transaction. */
export async function enqueueReadyEmail(db: Kysely<Database>, deps: OutboxDeps, saleId: string): Promise<void> {
  const sale = await db
    .selectFrom("sales")
    .innerJoin("customers", "customers.id", "sales.customer_id")
    .select(["sales.store_id", "sales.reference_code", "sales.pickup_code", "customers.email", "customers.name"])
    .where("sales.id", "=", saleId)
    .executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom("sale_bag_items as line")
    .innerJoin("sale_bags as bag", "bag.id", "line.sale_bag_id")
    .select([
      "bag.student_name",
      "line.title",
      "line.quantity",
      "line.option_name",
      "line.option_value",
      "line.unit_code",
      "line.type",
      "line.delivery_state",
    ])
    .where("bag.sale_id", "=", saleId)
    .orderBy("bag.student_name")
    .orderBy("line.title")
    .execute();
  const goods = lines.filter((line) => !isSeatType(line.type));
  const ready: ReadyLine[] = goods
    .filter((line) => line.delivery_state === "ready")
    .map((line) => ({
      studentName: line.student_name,
      title: line.title,
      quantity: line.quantity,
      optionName: line.option_name,
      optionValue: line.option_value,
      unitCode: line.unit_code,
    }));
  if (ready.length === 0) return;
  const stillPreparing = goods.some(
    (line) => line.delivery_state === "awaiting" || line.delivery_state === "separated",
  );
  const units = await listUnits(db, sale.store_id);
  const message = readyEmail(sale.email, {
    customerName: sale.name,
    referenceCode: sale.reference_code,
    pickupCode: sale.pickup_code,
    stillPreparing,
    places: [...new Set(ready.map((line) => line.unitCode))].map((code) => {
      const unit = unitFrom(units, code);
      return {
        unit: { ...unit, pickupHours: "pickupHours" in unit ? unit.pickupHours : null },
        lines: ready.filter((line) => line.unitCode === code),
      };
    }),
  });
  await enqueueMail(db, deps, "pickup-ready", message);
}

interface ReadyEmailFacts {
  customerName: string;
  referenceCode: string;
  pickupCode: string | null;
  stillPreparing: boolean;
  places: {
    unit: { name: string; address: string; city: string; phone: string; pickupHours: string | null };
    lines: ReadyLine[];
  }[];
}

function readyEmail(to: string, facts: ReadyEmailFacts): Omit<MailMessage, "id"> {
  const blocks: Block[] = [
    { lines: [`Olá, ${firstName(facts.customerName) || "cliente"}!`] },
    { lines: [`Itens do seu pedido ${facts.referenceCode} estão prontos para retirada.`] },
    ...(facts.pickupCode
      ? [
          { lines: [`Código de retirada: ${formatPickupCode(facts.pickupCode)}`], strong: true },
          {
            lines: [
              "Apresente este código na secretaria da unidade. Pode retirar o titular da conta ou uma pessoa indicada por ele em Minha conta, com um documento com foto.",
            ],
          },
        ]
      : []),
    ...facts.places.flatMap(({ unit, lines }): Block[] => [
      {
        lines: [
          `Onde retirar: ${unit.name}`,
          `${unit.address}, ${unit.city}`,
          `Horário de retirada: ${unit.pickupHours ?? `${PICKUP_HOURS_UNKNOWN}${unit.phone ? ` (${unit.phone})` : ""}`}`,
        ],
        strong: true,
      },
      ...[...new Set(lines.map((line) => line.studentName))].map((student): Block => ({
        lines: [`${student}:`, ...lines.filter((line) => line.studentName === student).map(itemText)],
        items: true,
      })),
    ]),
    ...(facts.stillPreparing
      ? [
          {
            lines: [
              "Os demais itens do pedido ainda estão sendo preparados: avisaremos por e-mail quando ficarem prontos.",
            ],
          },
        ]
      : []),
    { lines: ["Você pode acompanhar cada item em Minha conta, na Loja Escolar."] },
    { lines: ["Loja Escolar"] },
  ];
  const text = blocks
    .map((block) => (block.items ? [block.lines[0], ...block.lines.slice(1).map((line) => `  ${line}`)] : block.lines))
    .map((lines) => lines.join("\n"))
    .join("\n\n");
  const htmlBlock = (block: Block) => {
    if (block.items)
      return `<p>${escapeHtml(block.lines[0]!)}</p>\n<ul>${block.lines
        .slice(1)
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join("")}</ul>`;
    const body = block.lines.map(escapeHtml).join("<br>");
    return `<p>${block.strong ? `<strong>${body}</strong>` : body}</p>`;
  };
  const html = `<!doctype html>
<html lang="pt-BR">
<body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${blocks.map(htmlBlock).join("\n")}
</body>
</html>`;
  return { to, subject: `${READY_EMAIL_SUBJECT} - pedido ${facts.referenceCode} - Loja Escolar`, text, html };
}
