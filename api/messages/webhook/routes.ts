/**
 * GET and POST /api/webhooks/whatsapp: Meta's WhatsApp webhook (beyond spec §7; issue 31;
 * docs/decisions/0080-whatsapp-channel.md), declared in api/contract/whatsapp-webhook.ts. The
 * storefront never calls it: Meta checks the subscription with the verify token (GET) and posts
 * statuses and answers signed with the app secret (POST), without a session or a CSRF token.
 * Meta delivers again until it gets a 200, so every well-signed delivery is answered 200 at
 * once, even about a message the store does not know; a missing signature 401, a wrong one 403,
 * nothing recorded. With WhatsApp off the routes do not exist (404).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { whatsappWebhook } from "../../contract/whatsapp-webhook.ts";
import type { ApiDeps } from "../../deps.ts";
import { API_ERROR_MESSAGES, errorBody } from "../../errors.ts";
import { at } from "../../validation.ts";
import { applyWebhookPayload, checkSignature } from "./handler.ts";

/** The address to register at Meta, under the storefront's /api mount, after PUBLIC_URL. */
export const WHATSAPP_WEBHOOK_URL_PATH = `/api${whatsappWebhook.whatsappWebhook.path}`;

function parsedOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The verify token compared in constant time (digests of equal length, whatever was sent). */
function sameSecret(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

export function whatsappWebhookRoutes(deps: ApiDeps) {
  const off = () => Response.json(errorBody(API_ERROR_MESSAGES.notFound), { status: 404 });
  return new Hono()
    .on(...at(whatsappWebhook.verifyWhatsappWebhook), (c) => {
      const settings = deps.whatsapp;
      if (!settings) return off();
      const mode = c.req.query("hub.mode");
      const token = c.req.query("hub.verify_token");
      const challenge = c.req.query("hub.challenge");
      if (mode !== "subscribe" || !sameSecret(token, settings.verifyToken) || !challenge) return c.body(null, 403);
      return c.text(challenge, 200);
    })
    .on(...at(whatsappWebhook.whatsappWebhook), async (c) => {
      const settings = deps.whatsapp;
      if (!settings) return off();
      const raw = await c.req.text();
      const signature = checkSignature(settings.appSecret, c.req.header("x-hub-signature-256"), raw);
      // No detail: a forger learns nothing about why.
      if (signature === "missing") return c.body(null, 401);
      if (signature === "wrong") return c.body(null, 403);
      await applyWebhookPayload(deps.db, deps, parsedOrNull(raw));
      return c.body(null, 200);
    });
}
