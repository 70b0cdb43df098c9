/**
 * Clientes e estudantes (issue 15; docs/decisions/0031-gestor-carts-and-customers.md): search,
 * a customer's page (data, linked students, orders, open cart, tickets; never a password hash,
 * a token or card data) and the end of a student's link with a reason. Both roles.
 */
import { z } from "zod";
import { customer } from "../accounts.ts";
import { endpoint } from "../endpoint.ts";
import { uuidParam } from "../fields.ts";
import { LINK_NOT_FOUND, studentSchoolYear } from "../students.ts";
import { pageField, pageOf } from "./paging.ts";
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from "./search-text.ts";
import { TICKET_STATUSES } from "./tickets.ts";
import { unlinkReasonField } from "./unlink-reason.ts";

// Its home is the search's text (search-text.ts); named here too, beside the directory's search.
export { SEARCH_TOO_LONG } from "./search-text.ts";
export const CUSTOMER_NOT_FOUND = "Cliente não encontrado.";
/** The search of both lists: empty lists everyone, in name order. */
export const directorySearch = z.object({
  q: z.string().trim().max(SEARCH_MAX_LENGTH, { message: SEARCH_TOO_LONG }).default(""),
  page: pageField,
});

export const customerSummary = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** 11 digits. */
  cpf: z.string(),
  cellPhone: z.string(),
  createdAt: z.string(),
});
export type GestorCustomerSummary = z.infer<typeof customerSummary>;

export const studentSummary = z.object({
  id: z.string(),
  name: z.string(),
  RA: z.string().nullable(),
  /** CODCOLIGADA of the live school year, if any. */
  unitCode: z.string().nullable(),
  /** The customers the student is linked to now. */
  customers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
});
export type GestorStudentSummary = z.infer<typeof studentSummary>;

const customerDetails = z.object({
  /** As the customer's own account shows it (spec §3), never the password. */
  customer: customer.extend({ createdAt: z.string() }),
  students: z.array(
    z.object({
      linkId: z.string(),
      studentId: z.string(),
      name: z.string(),
      RA: z.string().nullable(),
      turno: z.string().nullable(),
      /**
       * The enrolment of now (core/school-years.ts: the current period's, even one the school
       * ended, else the newest live one), with its grade, class and shift (issue 27), or null.
       */
      schoolYear: studentSchoolYear.nullable(),
      linkedAt: z.string(),
    }),
  ),
  sales: z.array(
    z.object({
      saleId: z.string(),
      referenceCode: z.string(),
      status: z.string(),
      paymentMethodCode: z.string(),
      totalCents: z.number(),
      createdAt: z.string(),
    }),
  ),
  cart: z.object({ cartId: z.string(), itemCount: z.number(), updatedAt: z.string() }).nullable(),
  tickets: z.array(
    z.object({
      id: z.string(),
      protocol: z.string(),
      subject: z.string(),
      status: z.enum(TICKET_STATUSES),
      createdAt: z.string(),
    }),
  ),
});
export type GestorCustomerDetails = z.infer<typeof customerDetails>;

/** An id that is no id finds nothing, like an unknown one: 404 (`paramsNotFound`), not 400. */
const customerPath = z.object({ customerId: uuidParam(CUSTOMER_NOT_FOUND) });

export const gestorCustomers = {
  /** Customers by name, e-mail or CPF (any part), paged. */
  search: endpoint({
    method: "GET",
    path: "/gestor/customers",
    query: directorySearch,
    reply: pageOf(customerSummary),
  }),
  /** Students by name or RA (any part), with the customers linked to each, paged. */
  searchStudents: endpoint({
    method: "GET",
    path: "/gestor/students",
    query: directorySearch,
    reply: pageOf(studentSummary),
  }),
  /** One customer's page. 404 for an unknown or deleted account. */
  customer: endpoint({
    method: "GET",
    path: "/gestor/customers/:customerId",
    params: customerPath,
    paramsNotFound: true,
    reply: customerDetails,
  }),
  /**
   * Ends a student's link, as the customer's own "Remover vínculo" does (spec §5: never the
   * student; the student's bag leaves the cart), with the reason in the audit log. 404.
   */
  unlinkStudent: endpoint({
    method: "POST",
    path: "/gestor/customers/:customerId/links/:linkId/unlink",
    params: customerPath.extend({ linkId: uuidParam(LINK_NOT_FOUND) }),
    paramsNotFound: true,
    body: z.object({ reason: unlinkReasonField }),
    reply: z.object({ link: z.object({ id: z.string(), studentId: z.string(), deletedAt: z.string() }) }),
  }),
};
