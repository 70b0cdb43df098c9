import { createCookieSessionStorage } from "react-router";
import type { ItemOutcome } from "./item-outcomes.ts";
import { storeCookie } from "#app/.server/store-cookie.server.ts";

/** What step 4 shows once, after "Adicionar ao carrinho": for whom, and each item's outcome. */
export interface QuickPurchaseResult {
  studentName: string | null;
  outcomes: ItemOutcome[];
}

const CODES = { added: "a", already: "j", refused: "r", unavailable: "u", failed: "f" } as const;
type Code = (typeof CODES)[keyof typeof CODES];
const RESULTS = Object.fromEntries(Object.entries(CODES).map(([result, code]) => [code, result])) as Record<
  Code,
  ItemOutcome["result"]
>;

/** Compact, so a long list stays far below a cookie's 4 KB: [id, code, index of its message]. */
interface Packed {
  s: string | null;
  o: [number, Code, number?][];
  m: string[];
}

function pack({ studentName, outcomes }: QuickPurchaseResult): Packed {
  const messages: string[] = [];
  const o = outcomes.map((outcome): Packed["o"][number] => {
    if (!("message" in outcome)) return [outcome.itemTOTVS, CODES[outcome.result]];
    if (!messages.includes(outcome.message)) messages.push(outcome.message);
    return [outcome.itemTOTVS, CODES[outcome.result], messages.indexOf(outcome.message)];
  });
  return { s: studentName, o, m: messages };
}

function unpack(packed: Packed): QuickPurchaseResult {
  return {
    studentName: packed.s,
    outcomes: packed.o.map(([itemTOTVS, code, message]) => {
      const result = RESULTS[code];
      return result === "refused" || result === "failed"
        ? { itemTOTVS, result, message: packed.m[message ?? 0] ?? "" }
        : { itemTOTVS, result };
    }),
  };
}

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, { result: Packed }>> | undefined;

/** A signed flash cookie: the outcome shows after the redirect (POST-redirect-GET), without JavaScript, once. */
function resultStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, { result: Packed }>({
    cookie: storeCookie("loja_compra_rapida", "quick-purchase"),
  });
  return storage;
}

/** The Set-Cookie that carries the result to step 4. */
export async function flashResult(request: Request, result: QuickPurchaseResult): Promise<string> {
  const session = await resultStorage().getSession(request.headers.get("cookie"));
  session.flash("result", pack(result));
  return resultStorage().commitSession(session);
}

/** The result, if one waits, and the Set-Cookie that clears it. */
export async function takeResult(request: Request): Promise<{ result: QuickPurchaseResult | null; cookie: string }> {
  const session = await resultStorage().getSession(request.headers.get("cookie"));
  const packed = session.get("result");
  const result = packed ? unpack(packed) : null;
  return { result, cookie: await resultStorage().commitSession(session) };
}
