import { getBundledApi } from "#app/.server/bundled-api.server.ts";
import { clientAddressOf } from "#app/.server/client-address.server.ts";
import { getEnv } from "#app/.server/env.server.ts";
import type { Route } from "./+types/store-api";

// Mounts the bundled store API at /api so operators run a single process.
async function forward(request: Request) {
  // Against another store API (STORE_API_URL) the store keeps no data of its own: no second,
  // demo-seeded API here beside the real one (docs/decisions/0026).
  if (getEnv().STORE_API_URL) return Response.json({ error: { message: "Recurso não encontrado." } }, { status: 404 });
  const api = await getBundledApi();
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/^\/api/, "") || "/";
  const forwarded = new Request(url, request);
  // The API limits by the caller's address: only the one server.js saw counts.
  forwarded.headers.set("x-forwarded-for", clientAddressOf(request) ?? "unknown");
  return api.fetch(forwarded);
}

export const loader = ({ request }: Route.LoaderArgs) => forward(request);
export const action = ({ request }: Route.ActionArgs) => forward(request);
