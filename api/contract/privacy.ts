/**
 * The customer's rights of LGPD art. 18 as store-API calls beyond the spec
 * (docs/decisions/0016-privacy-export-and-account-deletion.md): a copy of everything the
 * store keeps about the customer (access and portability) and the deletion of the account.
 */
import { z } from "zod";
import { customer } from "./accounts.ts";
import { endpoint } from "./endpoint.ts";
import { sale, saleBag } from "./orders.ts";
import { studentLink } from "./students.ts";

export const DELETION_PASSWORD_REQUIRED = "Informe sua senha para confirmar a exclusão.";
export const DELETION_PASSWORD_WRONG = "Senha incorreta. Sua conta não foi excluída.";

/** What the store keeps, by table, minus every secret: no password hash, token, reset link or card number. */
const customerData = z.object({
  /** ISO 8601: when this copy was made. */
  generatedAt: z.string(),
  customer: customer.extend({ createdAt: z.string() }),
  /** The live links, each with the student's record and responsibles as the student list shows them. */
  students: z.array(studentLink),
  /** Every link the account ever had, ended ones too (deletedAt). */
  studentLinks: z.array(
    z.object({ id: z.string(), studentId: z.string(), createdAt: z.string(), deletedAt: z.string().nullable() }),
  ),
  carts: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      updatedAt: z.string(),
      finishedAt: z.string().nullable(),
      /** Set when the gestor deleted the cart. */
      deletedAt: z.string().nullable(),
      couponCode: z.string().nullable(),
      bags: z.array(
        z.object({
          studentId: z.string().nullable(),
          items: z.array(z.object({ itemTOTVSId: z.number(), title: z.string(), quantity: z.number() })),
        }),
      ),
      /** Items the gestor took out of the cart (spec §8). */
      removedItems: z.array(z.object({ itemTOTVSId: z.number(), title: z.string(), removedAt: z.string() })),
    }),
  ),
  /** Newest first, each with its bags and items. */
  sales: z.array(sale.omit({ saleBags: true }).extend({ saleBags: z.array(saleBag) })),
  /** The responsible adult's consents to keep a student's data (LGPD art. 14, decision note 0013). */
  consents: z.array(
    z.object({ studentId: z.string(), purpose: z.string(), textVersion: z.string(), acceptedAt: z.string() }),
  ),
  /** "Avise-me quando chegar": the addresses waiting for sold-out items (notifiedAt: the e-mail went). */
  stockAlerts: z.array(
    z.object({ itemTOTVSId: z.number(), email: z.string(), createdAt: z.string(), notifiedAt: z.string().nullable() }),
  ),
  /**
   * A full class's waiting list: the account's places in line (status waiting, offered, converted,
   * expired or left; offerExpiresAt: until when a freed seat was held for them).
   */
  waitingList: z.array(
    z.object({
      itemTOTVSId: z.number(),
      email: z.string(),
      status: z.string(),
      createdAt: z.string(),
      offerExpiresAt: z.string().nullable(),
    }),
  ),
  /** Who the account named to pick up its orders at the unit (issue 30), with their CPF. */
  pickupPeople: z.array(z.object({ id: z.string(), name: z.string(), cpf: z.string() })),
  /**
   * WhatsApp (issue 31): the consent while it lasts (when and where it was given), and the
   * messages kept about the customer, by what they reported (never their parameters, which hold
   * pickup codes and payment lines).
   */
  whatsapp: z.object({
    consent: z.object({ consentedAt: z.string(), source: z.string() }).nullable(),
    messages: z.array(z.object({ kind: z.string(), createdAt: z.string(), status: z.string() })),
  }),
  /** The account's e-mail in the store's newsletter, if subscribed. */
  newsletter: z.object({ email: z.string(), subscribedAt: z.string() }).nullable(),
  /** Messages sent through "Fale conosco" while logged in or from the account's e-mail (decision note 0023). */
  supportTickets: z.array(
    z.object({
      protocol: z.string(),
      subject: z.string(),
      message: z.string(),
      /** As the pages write it: "Aberto", "Respondido", "Fechado". */
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Logins: when each began and ended (never the token). */
  sessions: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), revokedAt: z.string().nullable() })),
  /** Password-reset links asked for (never the link). */
  passwordResets: z.array(z.object({ createdAt: z.string(), expiresAt: z.string(), usedAt: z.string().nullable() })),
});
export type CustomerData = z.infer<typeof customerData>;

const customerDataReply = z.object({ customerData });
export type CustomerDataReply = z.infer<typeof customerDataReply>;

const deletionBody = z.object({
  password: z
    .string({ message: DELETION_PASSWORD_REQUIRED })
    .min(1, { message: DELETION_PASSWORD_REQUIRED })
    // Longer than any password the store accepts: refused before paying for a hash.
    .max(128, { message: DELETION_PASSWORD_WRONG }),
});
export type AccountDeletionPayload = z.input<typeof deletionBody>;

export const privacy = {
  /** Bearer. The customer's own data only (403 for another id). */
  exportCustomerData: endpoint({
    extension: true,
    method: "GET",
    path: "/customers/export-customer-data/:customerId/store/:storeId",
    reply: customerDataReply,
  }),
  /**
   * Bearer. With the account's password: personal data erased, links and carts removed,
   * sales kept without personal data, every session and reset link revoked. 204.
   */
  deleteCustomer: endpoint({
    extension: true,
    method: "POST",
    path: "/customers/delete-customer/:customerId/store/:storeId",
    body: deletionBody,
    reply: null,
  }),
};
