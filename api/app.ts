import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { endpoints, matchEndpoint } from "./contract/index.ts";
import type { Endpoint } from "./contract/endpoint.ts";
import { gestorEndpoints } from "./contract/gestor/index.ts";
import { GESTOR_UPLOAD_CALLS, UPLOAD_BODY_LIMIT_BYTES } from "./contract/gestor/catalogue.ts";
import { gestorRoster, ROSTER_UPLOAD_BODY_LIMIT_BYTES } from "./contract/gestor/roster.ts";
import type { ApiDeps } from "./deps.ts";
import { API_ERROR_MESSAGES, ApiError, badRequest, errorBody, handleApiError } from "./errors.ts";
import { BODY_MESSAGES } from "./validation.ts";
import { accountRoutes } from "./accounts/routes.ts";
import { cartItemRoutes, itemCouponRoutes } from "./coupons/routes.ts";
import { cartRoutes } from "./carts/routes.ts";
import { categoryRoutes } from "./categories/routes.ts";
import { customerRoutes } from "./customers/routes.ts";
import { gestorRoutes } from "./gestor/routes.ts";
import { highlightRoutes } from "./highlights/routes.ts";
import { materialListRoutes } from "./material-lists/routes.ts";
import { newsletterRoutes } from "./newsletters/routes.ts";
import { openApiRoutes } from "./openapi/routes.ts";
import { messageRoutes } from "./messages/routes.ts";
import { mercadoPagoWebhookRoutes } from "./payments/mercadopago/routes.ts";
import { whatsappWebhookRoutes } from "./messages/webhook/routes.ts";
import { paymentMethodRoutes } from "./payment-methods/routes.ts";
import { pickupPeopleRoutes } from "./pickup-people/routes.ts";
import { productRoutes } from "./products/routes.ts";
import { responsibleRoutes } from "./responsibles/routes.ts";
import { saleBagRoutes } from "./sale-bags/routes.ts";
import { saleRoutes } from "./sales/routes.ts";
import { seriesRoutes } from "./series/routes.ts";
import { stockAlertRoutes } from "./stock-alerts/routes.ts";
import { waitingListRoutes } from "./waiting-list/routes.ts";
import { studentMaterialListRoutes } from "./material-lists/student-routes.ts";
import { storeRoutes } from "./stores/routes.ts";
import { studentRoutes } from "./students/routes.ts";
import { ticketRoutes } from "./tickets/routes.ts";
import { unitRoutes } from "./units/routes.ts";

/** No call needs more: the largest honest body, a full cart, is a few KB. */
export const BODY_LIMIT_BYTES = 100 * 1024;
/** The refusal names the limit of the call that was refused: 100 KB, or an upload's own (3 MB, 16 MB). */
function bodyTooLarge(maxSize: number): string {
  const size = maxSize >= 1024 * 1024 ? `${maxSize / (1024 * 1024)} MB` : `${maxSize / 1024} KB`;
  return `A requisição é grande demais. O limite é de ${size}.`;
}

/** The calls that carry a file, by the body limit they need past BODY_LIMIT_BYTES: one entry a limit. */
const UPLOAD_BODY_LIMITS: { calls: readonly Endpoint[]; maxSize: number }[] = [
  // A product image or a catalogue CSV (docs/decisions/0032-catalogue-editing.md).
  { calls: GESTOR_UPLOAD_CALLS, maxSize: UPLOAD_BODY_LIMIT_BYTES },
  // A roster of a whole network (issue 27): 20,000 students are about 6 MB of CSV.
  { calls: [gestorRoster.previewImport], maxSize: ROSTER_UPLOAD_BODY_LIMIT_BYTES },
];

/**
 * The bundled store API (spec §7), relative to where it is mounted (/api). Each resource
 * registers the full paths of api/contract, so every router is mounted at the root.
 */
export function createStoreApi(deps: ApiDeps) {
  const app = new Hono();
  app.onError(handleApiError);
  app.notFound((c) => c.json(errorBody(API_ERROR_MESSAGES.notFound), 404));
  // Here too, not only in server.js: the storefront calls the API in-process, past server.js.
  // A declared length over the limit is refused unread; a body without one stops being read
  // at the limit.
  const limitOf = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new ApiError(413, bodyTooLarge(maxSize));
      },
    });
  const jsonLimit = limitOf(BODY_LIMIT_BYTES);
  const uploadLimits = UPLOAD_BODY_LIMITS.map(({ calls, maxSize }) => ({ calls, limit: limitOf(maxSize) }));
  app.use((c, next) => {
    const upload = uploadLimits.find(({ calls }) => matchEndpoint(calls, c.req.method, c.req.path));
    return (upload?.limit ?? jsonLimit)(c, next);
  });
  app.use(async (c, next) => {
    // An escaped NUL in the path or query: never typed by a person, refused by PostgreSQL.
    if (/%00/i.test(c.req.url)) throw badRequest(BODY_MESSAGES.nul);
    await next();
    // Replies with personal data (customer, students, carts, sales, boletos, login) must not
    // stay in a shared or browser cache; only the catalogue's may.
    const declared =
      matchEndpoint(endpoints, c.req.method, c.req.path) ?? matchEndpoint(gestorEndpoints, c.req.method, c.req.path);
    if (!declared?.cacheable) c.header("Cache-Control", "no-store");
  });
  app.route("/", categoryRoutes(deps));
  app.route("/", productRoutes(deps));
  app.route("/", highlightRoutes(deps));
  app.route("/", seriesRoutes(deps));
  app.route("/", storeRoutes(deps));
  // Beyond spec §7: the network's units (issue 27).
  app.route("/", unitRoutes(deps));
  app.route("/", newsletterRoutes(deps));
  app.route("/", paymentMethodRoutes(deps));
  app.route("/", accountRoutes(deps));
  app.route("/", customerRoutes(deps));
  app.route("/", saleRoutes(deps));
  app.route("/", saleBagRoutes(deps));
  app.route("/", studentRoutes(deps));
  app.route("/", responsibleRoutes(deps));
  app.route("/", cartRoutes(deps));
  app.route("/", cartItemRoutes(deps));
  app.route("/", itemCouponRoutes(deps));
  // Beyond spec §7's shown calls: "Fale conosco" (docs/decisions/0023-support-tickets.md).
  app.route("/", ticketRoutes(deps));
  // Beyond spec §7: "Avise-me quando chegar" (issue 28).
  app.route("/", stockAlertRoutes(deps));
  // Beyond spec §7: a full class's waiting list (issue 28; docs/decisions/0070-waiting-list.md).
  app.route("/", waitingListRoutes(deps));
  // Beyond spec §7: the school's material lists anyone reads (issue 29).
  app.route("/", materialListRoutes(deps));
  // Beyond spec §7: a linked student's material list (issue 29; docs/decisions/0071-material-lists.md).
  app.route("/", studentMaterialListRoutes(deps));
  // Beyond spec §7: who may pick up the account's orders at the unit (issue 30).
  app.route("/", pickupPeopleRoutes(deps));
  // Beyond spec §7: the account's WhatsApp consent (issue 31; docs/decisions/0080-whatsapp-channel.md).
  app.route("/", messageRoutes(deps));
  // Beyond spec §7: the acquirer's notifications (docs/decisions/0019-mercado-pago.md).
  app.route("/", mercadoPagoWebhookRoutes(deps));
  // Beyond spec §7: Meta's WhatsApp statuses and answers (issue 31; docs/decisions/0080-whatsapp-channel.md).
  app.route("/", whatsappWebhookRoutes(deps));
  // Beyond spec §7: the gestor area's calls (docs/decisions/0028-gestor-area.md).
  app.route("/", gestorRoutes(deps));
  // The description of all of the above, for a school's developers (issue 26).
  app.route("/", openApiRoutes());
  return app;
}

export type StoreApi = ReturnType<typeof createStoreApi>;
