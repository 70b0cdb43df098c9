/**
 * The WhatsApp consent ticked at sign-up (issue 31): what the parent reads when the store API
 * does not save it, against a small double of an external store API on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WHATSAPP_TEXTS } from "#api/contract/messages.ts";
import { startStoreApiDouble, type DoubleReply, type DoubleRequest } from "#tests/fixtures/store-api-double.ts";
import { CONSENT_LATER, giveConsentAtSignUp } from "./whatsapp-consent.server.ts";

let reply: DoubleReply;
let received: DoubleRequest[] = [];
let double: Awaited<ReturnType<typeof startStoreApiDouble>>;

beforeAll(async () => {
  process.env.STORE_API_EXTENSIONS = "setWhatsappConsent";
  double = await startStoreApiDouble((request) => {
    received.push(request);
    return reply;
  });
});

afterAll(() => double.close());

const signUp = () => giveConsentAtSignUp(new Request("http://loja.test/cadastro", { method: "POST" }), "token-novo");

describe("giveConsentAtSignUp", () => {
  it("saved: nothing to tell, sent with the source 'cadastro'", async () => {
    received = [];
    reply = {
      status: 200,
      body: { available: true, consentedAt: "2026-11-28T12:00:00.000Z", source: "cadastro", phone: "(81) 9****-4567" },
    };
    expect(await signUp()).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe("/messages/whatsapp-consent");
    expect(received[0]!.body).toMatchObject({ consent: true, source: "cadastro" });
  });

  it("refused (422, no mobile number): the store API's own reason, and where to accept later", async () => {
    reply = { status: 422, body: { error: { message: WHATSAPP_TEXTS.noMobile } } };
    expect(await signUp()).toBe(
      "Não foi possível registrar o aceite do WhatsApp: cadastre um celular com DDD para receber avisos pelo WhatsApp. Você pode aceitar em Minha Conta.",
    );
  });

  it("a failure (5xx): the generic notice, never the API's words", async () => {
    reply = { status: 503, body: { error: { message: "connect ECONNREFUSED" } } };
    expect(await signUp()).toBe(CONSENT_LATER);
  });
});
