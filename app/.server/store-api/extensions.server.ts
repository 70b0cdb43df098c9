/**
 * Which calls beyond spec §7 the store API serves (docs/decisions/0026-school-api-optional-calls.md).
 * The school network's own store API offers spec §7's calls; the storefront uses any other
 * (`extension: true` in api/contract) only where this says the API has it, and falls back to
 * what §7 offers otherwise. Decided once per process, and logged once:
 * - STORE_API_EXTENSIONS=all, none, or a list of call names: as the operator says;
 * - auto (the default): every call with the bundled API; against STORE_API_URL, a probe at start.
 */
import { apiErrorBody, extensionCalls, type Endpoint, type ExtensionCall } from "#api/contract/index.ts";
import { getEnv, type Env } from "../env.server.ts";
import { stockConcernNote } from "./stock-concern.server.ts";
import { defaultTransport, type StoreApiTransport } from "./transport.server.ts";

export type ExtensionSet = ReadonlySet<ExtensionCall>;

export const ALL_EXTENSIONS: ExtensionSet = new Set(extensionCalls.keys());
const NO_EXTENSIONS: ExtensionSet = new Set();

/** A probe failed (the store API down at start): ask again after this long, meanwhile use §7 only. */
const PROBE_RETRY_MS = 60_000;
const PROBE_TIMEOUT_MS = 5_000;

interface ProbeAnswer {
  status: number;
  /** The body, with the asked path taken out (a "Cannot GET /x" page names it). */
  text: string;
}

async function answerOf(transport: StoreApiTransport, path: string, init: RequestInit): Promise<ProbeAnswer> {
  const response = await transport(path, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  const text = await response.text().catch(() => "");
  return { status: response.status, text: text.split(path).join("") };
}

/** The call with a placeholder for each parameter (the store's own id for :storeId). */
function probePath(declared: Endpoint, storeId: number): string {
  return declared.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (name === "storeId" ? String(storeId) : "0"));
}

/** The store API's own refusal ({ error: { message } }), as its routes answer. */
function isApiRefusal(text: string): boolean {
  try {
    return apiErrorBody.safeParse(JSON.parse(text)).success;
  } catch {
    return false;
  }
}

/**
 * Asks the store API, without a token, each call beyond §7 once: a call the API does not route
 * answers exactly as a path that surely does not exist (same status, same body), while one it
 * has answers otherwise (401 without a token, 400 for the placeholder, its own 404 message for
 * an unknown id). A 405 or 501, or a 404 that is not the API's own refusal, counts as absent
 * too. A call wrongly found absent only costs its extra (the §7 fallback works everywhere);
 * the operator can then list it in STORE_API_EXTENSIONS.
 */
export async function probeExtensions(transport: StoreApiTransport, storeId: number): Promise<ExtensionSet> {
  const headers = { accept: "application/json", "content-type": "application/json" };
  const missing = await answerOf(transport, `/__loja-escolar-sonda__/${crypto.randomUUID()}`, {
    method: "GET",
    headers,
  });
  const found = await Promise.all(
    [...extensionCalls].map(async ([name, declared]) => {
      const answer = await answerOf(transport, probePath(declared, storeId), {
        method: declared.method,
        headers,
        body: declared.method === "GET" ? undefined : "{}",
      });
      const absent =
        (answer.status === missing.status && answer.text === missing.text) ||
        answer.status === 405 ||
        answer.status === 501 ||
        (answer.status === 404 && !isApiRefusal(answer.text));
      return absent ? null : name;
    }),
  );
  return new Set(found.filter((name): name is ExtensionCall => name !== null));
}

function describe(calls: ExtensionSet): string {
  const used = [...ALL_EXTENSIONS].filter((name) => calls.has(name));
  const absent = [...ALL_EXTENSIONS].filter((name) => !calls.has(name));
  return `usadas: ${used.join(", ") || "nenhuma"}; ausentes (a loja usa só o §7 no lugar delas): ${absent.join(", ") || "nenhuma"}`;
}

/** The set a setting names without asking the store API, or null when a probe must decide. */
export function extensionsOfSetting(env: Pick<Env, "STORE_API_URL" | "STORE_API_EXTENSIONS">): ExtensionSet | null {
  const setting = env.STORE_API_EXTENSIONS;
  if (setting === "all") return ALL_EXTENSIONS;
  if (setting === "none") return NO_EXTENSIONS;
  if (setting === "auto") return env.STORE_API_URL ? null : ALL_EXTENSIONS;
  const unknown = setting.filter((name) => !extensionCalls.has(name as ExtensionCall));
  if (unknown.length > 0)
    throw new Error(
      `Configuração inválida:\nSTORE_API_EXTENSIONS: use auto, all, none ou nomes de chamadas além do §7 (${[...extensionCalls.keys()].join(", ")}); desconhecidas: ${unknown.join(", ")}.`,
    );
  return new Set(setting as ExtensionCall[]);
}

let decided: ExtensionSet | undefined;
let probing: Promise<ExtensionSet> | undefined;
let retryAt = 0;

/** The decision, kept for the process, and what it leaves to the school logged with it (once). */
function decide(calls: ExtensionSet, why: string): ExtensionSet {
  decided = calls;
  console.log(`[store-api] chamadas além do §7 (${why}): ${describe(calls)}`);
  const stockNote = stockConcernNote(calls);
  if (stockNote) console.log(stockNote);
  return calls;
}

/**
 * The calls beyond §7 this process may use: decided on the first ask (prepareStore, at start),
 * probing the store API when the setting says auto and STORE_API_URL is set.
 */
export async function storeApiExtensions(): Promise<ExtensionSet> {
  if (decided) return decided;
  const env = getEnv();
  const fromSetting = extensionsOfSetting(env);
  if (fromSetting) return decide(fromSetting, `STORE_API_EXTENSIONS=${String(env.STORE_API_EXTENSIONS)}`);
  if (Date.now() < retryAt) return NO_EXTENSIONS;
  probing ??= probeExtensions(defaultTransport(), env.STORE_ID)
    .then((calls) => decide(calls, `sonda em ${env.STORE_API_URL}`))
    .catch((error: unknown) => {
      retryAt = Date.now() + PROBE_RETRY_MS;
      console.error(
        "[store-api] a sonda das chamadas além do §7 falhou; só o §7 até a próxima tentativa:",
        error instanceof Error ? error.message : error,
      );
      return NO_EXTENSIONS;
    })
    .finally(() => {
      probing = undefined;
    });
  return probing;
}

/** What storeApiExtensions() decided; §7 only while a probe is still under way. */
export function knownStoreApiExtensions(): ExtensionSet {
  if (decided) return decided;
  return extensionsOfSetting(getEnv()) ?? NO_EXTENSIONS;
}
