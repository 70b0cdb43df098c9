// The gestor's command-line tool for carts and sales (spec §6: the gestor acts on the
// server side; the customer is told at the next cart reply). Uses the server's database
// settings; the commands are listed in USAGE below and in docs/gestor.md.
// DATA_DIR (default ./data) or DATABASE_URL choose the database, as for `npm start`.
import path from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { centsToReais, formatBRL } from "#core/money.ts";
import { paymentMethodLabel } from "#core/sales.ts";
import { deleteCart, listCartsByEmail, removeCartItem } from "#api/gestor/carts/service.ts";
import { GestorError } from "#api/gestor/gestor-error.ts";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { cancelSale, confirmSalePayment, listSalesByEmail, refundSale } from "#api/gestor/sales/service.ts";
import { findTicket, listTicketReplies, listTickets } from "#api/gestor/tickets/command-line.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { checkNewStaff, createStaff } from "#api/gestor/staff/staff-accounts.ts";
import { passwordLinkPath } from "#api/gestor/staff/password-links.ts";
import { brazilDateTime } from "#core/dates.ts";
import { maskPhone } from "#core/masks.ts";
import { SUPPORT_SUBJECTS } from "#core/validation/support-fields.ts";
import { reconcilePayments } from "#api/payments/reconciliation.ts";
import { expireOverdueSales, type SaleStatusChange } from "#api/sales/sale-lifecycle.ts";
import { createMailWorker, listUnsentMail, MAX_ATTEMPTS, retryFailedMail } from "#api/mail/mail-outbox.ts";
import { createMailer, DEFAULT_MAIL_FROM } from "#api/mail/mailer.ts";
import { getEnv } from "#app/.server/env.server.ts";
import { createPaymentGateway } from "#app/.server/payment-gateway.server.ts";
import { totpEncryptionKeys } from "#app/.server/totp-keys.server.ts";
import { resealTotpSecrets } from "#api/gestor/staff/totp-secret-box.ts";

const USAGE = `Uso:
  npx node scripts/gestor.ts --help
  npx node scripts/gestor.ts list-carts --email <e-mail do cliente>
  npx node scripts/gestor.ts remove-item --cart <id do carrinho> --item <itemTOTVSId>
  npx node scripts/gestor.ts delete-cart --cart <id do carrinho>
  npx node scripts/gestor.ts list-sales --email <e-mail do cliente>
  npx node scripts/gestor.ts confirm-payment --sale <id da compra>
  npx node scripts/gestor.ts cancel-sale --sale <id da compra>
  npx node scripts/gestor.ts refund-sale --sale <id da compra> --reason "<motivo>" [--peca-voltou]
  npx node scripts/gestor.ts expire-boletos
  npx node scripts/gestor.ts reconcile-payments
  npx node scripts/gestor.ts list-mail
  npx node scripts/gestor.ts send-mail
  npx node scripts/gestor.ts list-tickets [--status aberto] [--since AAAA-MM-DD]
  npx node scripts/gestor.ts show-ticket <protocolo>
  npx node scripts/gestor.ts create-staff --email <e-mail> --role admin|atendimento|secretaria [--units 1,3] [--name <nome>]
  npx node scripts/gestor.ts reseal-totp`;

const options = {
  cart: { type: "string" },
  item: { type: "string" },
  email: { type: "string" },
  sale: { type: "string" },
  status: { type: "string" },
  since: { type: "string" },
  role: { type: "string" },
  units: { type: "string" },
  name: { type: "string" },
  reason: { type: "string" },
  "peca-voltou": { type: "boolean" },
  help: { type: "boolean", short: "h" },
} as const;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The arguments; an option the tool does not know answers the usage, not parseArgs' stack trace. */
function readArguments() {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    const unknown = (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION";
    const option = unknown ? /'([^']+)'/.exec((error as Error).message)?.[1] : undefined;
    fail(`${option ? `Opção desconhecida: ${option}` : "Argumentos inválidos."}\n\n${USAGE}`);
  }
}

const { positionals, values } = readArguments();
if (values.help || positionals[0] === "help") {
  console.log(USAGE);
  process.exit(0);
}

const describeChange = (change: SaleStatusChange) =>
  `Compra ${change.referenceCode} (${change.saleId}): ${change.from} → ${change.to}`;

const command = positionals[0];
// show-ticket alone takes its protocol as an argument.
if (!command || positionals.length > (command === "show-ticket" ? 2 : 1)) fail(USAGE);

/** A ticket's subject as the form showed it ("Matrícula em curso"). */
const subjectLabel = (subject: string) => SUPPORT_SUBJECTS[subject as keyof typeof SUPPORT_SUBJECTS] ?? subject;
const when = (iso: string) => {
  const { date, time } = brazilDateTime(iso);
  return `${date} ${time}`;
};

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const db = await openDatabase({
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
});
const now = () => new Date();
// The server's settings: its gateway (refund, reconcile) and its links in the queued e-mails,
// which the server's worker sends (or `send-mail`).
const env = getEnv();
const deps = { db, now, publicUrl: env.publicUrl, gateway: createPaymentGateway(env, { db, now }) };

try {
  await migrateToLatest(db);
  if (command === "create-staff") {
    // The first admin (issue 15); the rest are invited from the area. The link is shown once.
    const person = checkNewStaff({ email: values.email, name: values.name, role: values.role, units: values.units });
    const { token } = await createStaff(db, person, COMMAND_LINE, now());
    console.log(`Pessoa criada: ${person.email} (${person.role}).`);
    console.log(`Link para definir a senha (vale 72 horas, uma única vez):`);
    console.log(`${env.publicUrl}${passwordLinkPath(token)}`);
  } else if (command === "reseal-totp") {
    // After adding a new TOTP_ENCRYPTION_KEY in front of the old one (docs/decisions/0049): every
    // staff authenticator secret sealed with the new key now, so the old one can be dropped.
    let keys;
    try {
      keys = totpEncryptionKeys();
    } catch (error) {
      fail((error as Error).message);
    }
    const { sealed, resealed, unreadable } = await resealTotpSecrets(db, keys);
    console.log(`${sealed + resealed} segredo(s) de autenticador cifrado(s) com a chave mais nova.`);
    if (unreadable.length > 0)
      fail(
        `Nenhuma chave configurada abre o autenticador de: ${unreadable.join(", ")}. Mantenha a chave antiga na lista ou redefina a verificação em duas etapas dessas pessoas.`,
      );
    console.log("Todos os autenticadores estão com a chave mais nova: as chaves seguintes podem sair da lista.");
  } else if (command === "list-carts") {
    if (!values.email) fail(USAGE);
    const carts = await listCartsByEmail(deps, values.email);
    if (carts.length === 0) console.log(`Nenhum carrinho para ${values.email}.`);
    for (const cart of carts) {
      console.log(`${cart.cartId}  loja ${cart.storeId}  ${cart.status}  versão ${cart.version}  ${cart.updatedAt}`);
      for (const item of cart.items)
        console.log(`  ${item.itemTOTVSId}  ${item.quantity}×  ${item.title}  (${item.student})`);
    }
  } else if (command === "remove-item") {
    const item = Number(values.item);
    if (!values.cart || !Number.isInteger(item) || item <= 0) fail(USAGE);
    const { removed, listDiscountRemoved } = await removeCartItem(deps, COMMAND_LINE, WHOLE_NETWORK, values.cart, item);
    console.log(`Removido do carrinho ${values.cart}: ${removed.map((r) => `${r.itemTOTVSId} ${r.title}`).join(", ")}`);
    for (const bag of listDiscountRemoved)
      console.log(
        `  ${bag.studentName ?? "Sem estudante"} perdeu o desconto da ${bag.title}: falta ${bag.missing.join(", ")}`,
      );
  } else if (command === "delete-cart") {
    if (!values.cart) fail(USAGE);
    const removed = await deleteCart(deps, COMMAND_LINE, WHOLE_NETWORK, values.cart);
    console.log(`Carrinho ${values.cart} excluído (${removed.length} produto(s) removido(s)).`);
  } else if (command === "list-sales") {
    if (!values.email) fail(USAGE);
    const sales = await listSalesByEmail(deps, values.email);
    if (sales.length === 0) console.log(`Nenhuma compra para ${values.email}.`);
    for (const sale of sales) {
      const due = sale.boletoDueDate ? `  vence ${sale.boletoDueDate}` : "";
      const method = paymentMethodLabel(sale.paymentMethodCode);
      // A declined attempt is no order (the customer does not see it), but the gestor does.
      const status = sale.status === "declined" ? `declined (tentativa ${sale.attempt})` : sale.status;
      console.log(
        `${sale.saleId}  ${sale.referenceCode}  ${status}  ${method}  ${formatBRL(centsToReais(sale.totalCents))}  ${sale.createdAt}${due}`,
      );
      // Money the acquirer holds for an attempt the store declined: to be refunded at the acquirer (0018).
      if (sale.acquirerAlert) console.log(`  ALERTA: ${sale.acquirerAlert}`);
    }
  } else if (command === "confirm-payment" || command === "cancel-sale") {
    if (!values.sale) fail(USAGE);
    const change =
      command === "confirm-payment"
        ? await confirmSalePayment(deps, values.sale, COMMAND_LINE)
        : await cancelSale(deps, values.sale, COMMAND_LINE);
    console.log(describeChange(change));
  } else if (command === "refund-sale") {
    if (!values.sale) fail(USAGE);
    // The reason goes into the audit log, as in the area (issue 15: required).
    // The pieces' stock comes back only when they came back to the school (decision 0067).
    const piecesReturned = values["peca-voltou"] === true;
    console.log(
      describeChange(await refundSale(deps, values.sale, COMMAND_LINE, values.reason ?? "", { piecesReturned })),
    );
  } else if (command === "reconcile-payments") {
    const run = await reconcilePayments(deps);
    if ("skipped" in run) console.log("Outro servidor está conciliando os pagamentos agora; nada foi feito.");
    else {
      const lines = run.changes.map((change) => describeChange(change) + (change.note ? ` (${change.note})` : ""));
      if (run.unanswered > 0) lines.push(`${run.unanswered} compra(s) sem resposta do gateway: tente de novo.`);
      if (run.stoppedEarly)
        lines.push(`${run.asked} compra(s) consultada(s) nesta rodada; as demais ficam para a próxima: rode de novo.`);
      console.log(lines.length === 0 ? "Nenhum pagamento a conciliar." : lines.join("\n"));
    }
  } else if (command === "expire-boletos") {
    const changes = await expireOverdueSales(deps);
    console.log(
      changes.length === 0 ? "Nenhum boleto ou Pix vencido a expirar." : changes.map(describeChange).join("\n"),
    );
  } else if (command === "list-mail") {
    // The e-mails not sent yet (docs/decisions/0020-mail-outbox.md): queued, retrying, or given up.
    const unsent = await listUnsentMail(db);
    if (unsent.length === 0) console.log("Nenhum e-mail por enviar.");
    for (const mail of unsent) {
      const state = mail.failed_at
        ? `FALHOU em ${mail.failed_at} após ${mail.attempts} tentativas`
        : `na fila, ${mail.attempts} de ${MAX_ATTEMPTS} tentativas, próxima ${mail.next_attempt_at}`;
      const error = mail.last_error ? `  erro: ${mail.last_error}` : "";
      console.log(`${mail.id}  ${mail.kind}  ${mail.recipient}  "${mail.subject}"  ${state}${error}`);
    }
  } else if (command === "send-mail") {
    // Sends what is due now, and what had been given up, with the server's mail settings.
    const mailer = createMailer({
      smtpUrl: process.env.SMTP_URL || undefined,
      outboxDir: path.join(dataDir, "outbox"),
      from: process.env.MAIL_FROM || DEFAULT_MAIL_FROM,
    });
    const retried = await retryFailedMail(db, deps.now());
    if (retried > 0) console.log(`${retried} e-mail(s) que tinham falhado voltam à fila.`);
    const sent = await createMailWorker({ db, mailer, now: deps.now }).drain();
    console.log(`${sent} e-mail(s) enviado(s).`);
  } else if (command === "list-tickets") {
    // "Fale conosco" messages (docs/decisions/0023-support-tickets.md), oldest first.
    const tickets = await listTickets(deps, { status: values.status, since: values.since });
    if (tickets.length === 0) console.log("Nenhuma mensagem do Fale conosco.");
    for (const ticket of tickets)
      console.log(
        `${ticket.protocol}  ${when(ticket.created_at)}  ${ticket.status}  ${ticket.name}  ${ticket.email}  ${subjectLabel(ticket.subject)}`,
      );
  } else if (command === "show-ticket") {
    const protocol = positionals[1];
    if (!protocol) fail(USAGE);
    const ticket = await findTicket(deps, protocol);
    console.log(
      [
        `Protocolo ${ticket.protocol} (${ticket.status}), recebida em ${when(ticket.created_at)}`,
        `Assunto: ${subjectLabel(ticket.subject)}`,
        `Nome: ${ticket.name}`,
        `E-mail: ${ticket.email}`,
        `Telefone: ${ticket.phone ? maskPhone(ticket.phone) : "não informado"}`,
        `RA do aluno: ${ticket.ra ?? "não informado"}`,
        `Conta na loja: ${ticket.customer_id ?? "não (visitante)"}`,
        "",
        ticket.message,
        // The replies sent from the gestor area (decision note 0033).
        ...(await listTicketReplies(deps, ticket.id)).flatMap((reply) => [
          "",
          `Resposta de ${reply.staff_name} em ${when(reply.created_at)}:`,
          reply.message,
        ]),
      ].join("\n"),
    );
  } else {
    fail(USAGE);
  }
} catch (error) {
  if (error instanceof GestorError) fail(error.message);
  throw error;
} finally {
  await db.destroy();
}
