/**
 * Meta's error replies read as the WhatsApp worker needs them (issue 31): which refusals are for
 * good (the fallback e-mail goes), which are worth another try later, and which are the access
 * token's (the operator must act). Codes as Meta documents them (WhatsApp error codes).
 */
import { describe, expect, it } from "vitest";
import { cloudApiErrorOf, templateMessageBody } from "./cloud-api-client.ts";

const reply = (code: number, message: string) => ({
  error: { message, type: "OAuthException", code, error_data: { details: "…" }, fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam" },
});

describe("a Cloud API error", () => {
  it.each([
    [400, 132000, "permanent"],
    [404, 132001, "permanent"],
    [400, 131008, "permanent"],
    [400, 131009, "permanent"],
    [400, 132018, "permanent"],
    [400, 131026, "permanent"],
    [400, 100, "permanent"],
    [400, 130429, "retryable"],
    [400, 131056, "retryable"],
    [500, 131000, "retryable"],
    [503, 2, "retryable"],
    [400, 80007, "retryable"],
    [401, 190, "token"],
  ])("HTTP %i code %i is %s", (status, code, kind) => {
    expect(cloudApiErrorOf(status, reply(code, `(#${code}) Something`)).kind).toBe(kind);
  });

  it("keeps Meta's code and title, never what follows the title", () => {
    const error = cloudApiErrorOf(400, reply(131009, "(#131009) Parameter value is not valid: 5581999990000"));
    expect(error.summary).toBe("131009 Parameter value is not valid");
  });

  it("reads a reply that is not Meta's JSON by its HTTP status", () => {
    const error = cloudApiErrorOf(502, null);
    expect([error.kind, error.summary]).toEqual(["retryable", "HTTP 502"]);
  });
});

describe("a template message's body", () => {
  it("leaves out the components of a template without parameters", () => {
    const body = templateMessageBody({
      id: "r1",
      to: "5581999990000",
      template: "t",
      language: "pt_BR",
      parameters: [],
    });
    expect(body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "5581999990000",
      type: "template",
      template: { name: "t", language: { code: "pt_BR" } },
      biz_opaque_callback_data: "r1",
    });
  });
});
