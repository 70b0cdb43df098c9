/** GET /openapi.json and GET /docs: the store API's description (api/openapi/document.ts). */
import { Hono } from "hono";
import { openApiDocument } from "./document.ts";
import { referencePage } from "./reference-page.ts";

/** Served beside the contract's calls; api/contract/contract.test.ts counts them as declared. */
export const API_DOCUMENT_ROUTES = ["GET /openapi.json", "GET /docs"] as const;

export function openApiRoutes() {
  // Built once: the contract does not change while the server runs.
  const document = openApiDocument();
  const page = referencePage(document);
  return new Hono().get("/openapi.json", (c) => c.json(document)).get("/docs", (c) => c.html(page));
}
