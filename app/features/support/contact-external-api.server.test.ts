/**
 * "Fale conosco" against a store API without the ticket call (the school's own may answer 404
 * to it, decision note 0023): the page says how to reach the central instead, keeps what was
 * typed, and is no 500.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { startStoreApiDouble } from "#tests/fixtures/store-api-double.ts";
import { actionReply, storefrontPost } from "#tests/fixtures/storefront-requests.ts";
import { HONEYPOT_FIELD, sendContactMessage, unavailable } from "./contact.server.ts";

let api: Awaited<ReturnType<typeof startStoreApiDouble>>;
const asked: string[] = [];
beforeAll(async () => {
  // Said to be there (STORE_API_EXTENSIONS), yet answered 404 at run time: the harder case. One
  // not said is never sent, and gets the same page (docs/decisions/0026).
  process.env.STORE_API_EXTENSIONS = "createTicket";
  api = await startStoreApiDouble((request) => {
    asked.push(request.path);
    return { status: 404, body: { error: { message: "Rota não encontrada." } } };
  });
});
afterAll(() => api.close());

it("points to the central's phone and e-mail when the store API has no ticket call", async () => {
  const typed = {
    [HONEYPOT_FIELD]: "",
    name: "Carla Menezes",
    email: "carla.menezes@exemplo.com.br",
    subject: "pagamento",
    message: "Meu boleto venceu antes de eu conseguir pagar.",
  };
  const { request } = storefrontPost("", typed, "/atendimento");
  const reply = actionReply(await sendContactMessage(await requestArgs(request)));
  expect(asked).toEqual(["/tickets/create-ticket"]);
  expect(reply.status).toBe(503);
  expect(reply.data.result.error[""]).toEqual([unavailable()]);
  expect(unavailable()).toMatch(/telefone \(81\) 3034-1000 ou pelo e-mail atendimento@lojaescolar\.com\.br\.$/);
  expect(reply.data.result.initialValue).toMatchObject({ name: "Carla Menezes", message: typed.message });
});
