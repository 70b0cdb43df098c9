import { describe, expect, it } from "vitest";
import { redactedUrl } from "./request-log.ts";

describe("redactedUrl", () => {
  it.each([
    ["/resetar-senha/Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg", "/resetar-senha/…"],
    ["/resetar-senha/Zm9vYmFy.data?_routes=routes%2Freset-password", "/resetar-senha/…?_routes=…"],
    ["/api/customers/reset-password/Zm9vYmFyYmF6cXV4cXV1eGZvb2Jhcg", "/api/customers/reset-password/…"],
    ["/boleto/3b241101-e2bb-4255-8caf-4136c566a962", "/boleto/…"],
    [
      "/comprovantePublico/3b241101-e2bb-4255-8caf-4136c566a962/9c8e1b7a-0000-4000-8000-000000000001",
      "/comprovantePublico/…",
    ],
    ["/api/sales/boleto/3b241101-e2bb-4255-8caf-4136c566a962/store/1", "/api/sales/boleto/…"],
    [
      "/api/sales/list-sale-by-customer-id/3b241101-e2bb-4255-8caf-4136c566a962/store/1",
      "/api/sales/list-sale-by-customer-id/…/store/1",
    ],
    ["/busca?termo=maria%40exemplo.com", "/busca?termo=…"],
    [
      "/gestor/definir-senha?token=abc123&codigo=998877&senha=segredo",
      "/gestor/definir-senha?token=…&codigo=…&senha=…",
    ],
    ["/?index&retorno=%2Fconta%3Fx%3D1", "/?index&retorno=…"],
    ["/x?maria%40exemplo.com=1#frag", "/x?…=…"],
    ["/categoria/papelaria", "/categoria/papelaria"],
  ])("logs %s as %s", (url, logged) => {
    expect(redactedUrl(url)).toBe(logged);
  });
});
