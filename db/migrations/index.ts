import type { Migration, MigrationProvider } from "kysely";
import * as catalogueAndPeople from "./0001-catalogue-and-people.ts";
import * as customerAccess from "./0002-customer-access.ts";
import * as sales from "./0003-sales.ts";
import * as carts from "./0004-carts.ts";
import * as guestCarts from "./0005-guest-carts.ts";
import * as payments from "./0006-payments.ts";
import * as studentConsents from "./0007-student-consents.ts";
import * as loginThrottles from "./0008-login-throttles.ts";
import * as accountDeletion from "./0009-account-deletion.ts";
import * as paymentAttempts from "./0010-payment-attempts.ts";
import * as mailOutbox from "./0011-mail-outbox.ts";
import * as pix from "./0012-pix.ts";
import * as acquirerBoleto from "./0013-acquirer-boleto.ts";
import * as reconciliationSchedule from "./0015-reconciliation-schedule.ts";
import * as hostedCheckout from "./0016-hosted-checkout.ts";
import * as supportTickets from "./0018-support-tickets.ts";
import * as staffAndAudit from "./0019-staff-and-audit.ts";
import * as saleHistory from "./0021-sale-history.ts";
import * as catalogueEditing from "./0023-catalogue-editing.ts";
import * as couponScopeAndTicketReplies from "./0024-coupon-scope-and-ticket-replies.ts";
import * as categoryIconAndHome from "./0025-category-icon-and-home.ts";
import * as serverSecrets from "./0026-server-secrets.ts";
import * as catalogueVersion from "./0027-catalogue-version.ts";
import * as catalogueListingIndexes from "./0028-catalogue-listing-indexes.ts";
import * as categoryCountIndex from "./0029-category-count-index.ts";
import * as ownStudentLink from "./0031-own-student-link.ts";
import * as customerAddressComplement from "./0033-customer-address-complement.ts";
import * as schoolUnits from "./0034-school-units.ts";
import * as gradesNaturalKey from "./0035-grades-natural-key.ts";
import * as roster from "./0036-roster.ts";
import * as integrationKeys from "./0037-integration-keys.ts";
import * as unitStaff from "./0038-unit-staff.ts";
import * as variantsStockSeats from "./0039-variants-stock-seats.ts";
import * as stockAlerts from "./0040-stock-alerts.ts";
import * as waitingList from "./0041-waiting-list.ts";
import * as variantsCatalogueVersion from "./0042-variants-catalogue-version.ts";
import * as materialLists from "./0043-material-lists.ts";
import * as delivery from "./0044-delivery.ts";
import * as messages from "./0045-messages.ts";
import * as shopperVersions from "./0046-shopper-versions.ts";

/**
 * Migrations are imported statically so the server bundle carries them;
 * names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  "0001-catalogue-and-people": catalogueAndPeople,
  "0002-customer-access": customerAccess,
  "0003-sales": sales,
  "0004-carts": carts,
  "0005-guest-carts": guestCarts,
  "0006-payments": payments,
  "0007-student-consents": studentConsents,
  "0008-login-throttles": loginThrottles,
  "0009-account-deletion": accountDeletion,
  "0010-payment-attempts": paymentAttempts,
  "0011-mail-outbox": mailOutbox,
  "0012-pix": pix,
  "0013-acquirer-boleto": acquirerBoleto,
  "0015-reconciliation-schedule": reconciliationSchedule,
  "0016-hosted-checkout": hostedCheckout,
  "0018-support-tickets": supportTickets,
  "0019-staff-and-audit": staffAndAudit,
  "0021-sale-history": saleHistory,
  "0023-catalogue-editing": catalogueEditing,
  "0024-coupon-scope-and-ticket-replies": couponScopeAndTicketReplies,
  "0025-category-icon-and-home": categoryIconAndHome,
  "0026-server-secrets": serverSecrets,
  "0027-catalogue-version": catalogueVersion,
  "0028-catalogue-listing-indexes": catalogueListingIndexes,
  "0029-category-count-index": categoryCountIndex,
  "0031-own-student-link": ownStudentLink,
  "0033-customer-address-complement": customerAddressComplement,
  "0034-school-units": schoolUnits,
  "0035-grades-natural-key": gradesNaturalKey,
  "0036-roster": roster,
  "0037-integration-keys": integrationKeys,
  "0038-unit-staff": unitStaff,
  "0039-variants-stock-seats": variantsStockSeats,
  "0040-stock-alerts": stockAlerts,
  "0041-waiting-list": waitingList,
  "0042-variants-catalogue-version": variantsCatalogueVersion,
  "0043-material-lists": materialLists,
  "0044-delivery": delivery,
  "0045-messages": messages,
  "0046-shopper-versions": shopperVersions,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
