// A parent buying a 20-line material list (issue 29, "Done when": the requests and the time a
// parent needs without JavaScript). `npm run bench -- --material-list` (scripts/bench/index.js),
// after `npm run build`: starts the built store on a free port and a throwaway data directory
// (the demo seed), grows the demo 4º Ano list (EF04) to 20 lines in that directory's database,
// one of them a uniform in sizes, and then, for each run, a new parent with Pedro (20250005)
// linked opens /conta/lista-de-material/<studentId> in Debian's Chromium, marks two lines
// "Já tenho", picks the uniform's size and sends "Adicionar ao carrinho" until the results show.
// Without JavaScript and, for comparison, with it. Prints, per run and as median/min/max: the
// documents loaded, all requests, the bytes transferred, the server's time to the first byte of
// each document and the wall time of the flow (a script clicking at once: a parent's own reading
// and choosing is not in it). One unmeasured warm-up run of each first. Prints; asserts nothing.
// BENCH_RUNS sets the runs of each mode (5).
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import { chromium as playwright, type Request } from "@playwright/test";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { openDatabase } from "#db/client.ts";
import { SOLD_OUT_LIST_ITEM } from "#db/seed/stock-data.ts";
import { chromium } from "#tests/e2e/support/chromium.ts";
import { registrationPayload } from "#tests/fixtures/customers.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
// @ts-expect-error -- plain JavaScript without types (the project does not type-check its .js)
import { Browser } from "./browser.js";
// @ts-expect-error -- plain JavaScript without types (the project does not type-check its .js)
import { startStore } from "./store-process.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = 20;
/** Pedro, 4º Ano (README's demo table). */
const STUDENT_RA = "20250005";
const CODGRADE = "EF04";
const UNIFORM = { slug: "camiseta-regata-de-educacao-fisica", title: "Camiseta Regata de Educação Física", size: "10" };
/** Two required lines of the demo EF04 list (db/seed/material-lists-data.ts) the parent already has. */
const ALREADY_HAVE = ["Lápis de Cor 24 Cores", "Agenda Escolar - Ensino Fundamental"];
/** Where the lines added to the list come from: what a school asks parents to buy. */
const FILL_CATEGORIES = ["papelaria", "agenda", "squeezes", "mochilas", "canecas"];
/** The requests the store computes (pages, and loaders' and actions' data with JavaScript); the rest are files. */
const SERVER_WORK = new Set(["document", "fetch", "xhr"]);
const SIZE_WAIT_MS = 3_000;

interface Store {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

interface Parent {
  address: string;
  studentId: string;
  cookies: [string, string][];
}

interface Fetched {
  type: string;
  label: string;
  bytes: number;
  /** From sending the request to the response's first byte: on loopback, the server's time. */
  serverMs: number;
}

interface Run {
  documents: number;
  requests: number;
  /** "3 document · 2 stylesheet · 44 image": the requests by Chromium's resource type. */
  byType: string;
  kilobytes: number;
  /** Responses whose size Chromium never gave (a stream left unread): not in `kilobytes`. */
  unsized: number;
  /** Requests Chromium refused to send (module preloads without JavaScript). */
  refused: number;
  /** Per document or data request (a loader's or action's fetch with JavaScript), in order: "GET lista" → ms. */
  serverMs: Map<string, number>;
  wallMs: number;
  added: number;
}

/**
 * The EF04 list grown to LINES lines in the store's own database: the uniform in sizes, then
 * unsized products of FILL_CATEGORIES not yet in it (the demo's sold-out squeeze left out), required.
 */
async function growList(store: Store): Promise<void> {
  const db = await openDatabase({ dataDir: store.dataDir, databaseUrl: process.env.DATABASE_URL });
  try {
    const list = await db
      .selectFrom("material_lists")
      .select("id")
      .where("store_id", "=", 1)
      .where("codgrade", "=", CODGRADE)
      .orderBy("period_code", "desc")
      .executeTakeFirstOrThrow();
    const lines = await db
      .selectFrom("material_list_lines")
      .select("product_id")
      .where("list_id", "=", list.id)
      .execute();
    const uniform = await db
      .selectFrom("products")
      .select("id")
      .where("store_id", "=", 1)
      .where("slug", "=", UNIFORM.slug)
      .executeTakeFirstOrThrow();
    const listed = new Set([...lines.map((line) => line.product_id), uniform.id]);
    const candidates = await db
      .selectFrom("products as p")
      .innerJoin("categories as c", "c.id", "p.category_id")
      .select("p.id")
      .where("p.store_id", "=", 1)
      .where("c.slug", "in", FILL_CATEGORIES)
      .where("p.status", "=", "enabled")
      .where("p.visible", "=", 1)
      .where("p.option_name", "is", null)
      .where("p.slug", "!=", SOLD_OUT_LIST_ITEM.slug)
      .orderBy("c.slug")
      .orderBy("p.title")
      .execute();
    const fill = candidates.filter((product) => !listed.has(product.id)).map((product) => product.id);
    const added = [uniform.id, ...fill].slice(0, LINES - lines.length);
    if (lines.length + added.length !== LINES)
      throw new Error(`a lista ${CODGRADE} chegou a ${lines.length + added.length} linhas, não ${LINES}`);
    await db
      .insertInto("material_list_lines")
      .values(
        added.map((productId, index) => ({
          id: crypto.randomUUID(),
          list_id: list.id,
          product_id: productId,
          position: lines.length + index,
          quantity: productId === uniform.id ? 2 : 1,
          required: 1,
          note: null,
        })),
      )
      .execute();
  } finally {
    await db.destroy();
  }
}

async function api(store: Store, route: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(`${store.baseUrl}/api${route}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const reply = await response.json();
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

let parents = 0;

/**
 * A new account (store API), Pedro linked by RA and birth date through the store API as
 * tests/e2e/support/store-api.ts does, and logged in on the storefront's form (its cookies).
 * Not measured: each login hashes a password.
 */
async function newParent(store: Store): Promise<Parent> {
  parents += 1;
  // The store trusts one proxy hop: each parent is its own shopper for the rate limits.
  const address = `10.29.${Math.floor(parents / 250)}.${(parents % 250) + 1}`;
  const forwarded = { "x-forwarded-for": address };
  const payload = registrationPayload();
  await api(store, "/customers/create-customer", payload, forwarded);
  const { auth } = await api(
    store,
    "/accounts/auth-customer",
    { email: payload.email, password: payload.password, storeId: 1 },
    forwarded,
  );
  const { student } = await api(
    store,
    "/students/add-student-to-customer",
    {
      storeId: 1,
      customerId: auth.customer.id,
      RA: STUDENT_RA,
      dtnascimento: demoBirthDate(STUDENT_RA),
      consentVersion: STUDENT_CONSENT_VERSION,
    },
    { ...forwarded, authorization: `Bearer ${auth.token}` },
  );
  const browser = new Browser(store.baseUrl, { address });
  const login = await browser.get("entrar", "/entrar");
  await browser.submit("entrar", login, 'id="login"', { email: payload.email, password: payload.password }, "Acessar");
  return { address, studentId: student.studentId, cookies: [...browser.cookies] };
}

/**
 * A request that got its response. Its size once its body is in: a response React Router leaves
 * unread (an action's stream) never finishes for Chromium, and is counted without its bytes.
 */
async function fetched(request: Request): Promise<Fetched> {
  const sizes = await Promise.race([
    request.sizes(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SIZE_WAIT_MS)),
  ]);
  const timing = request.timing();
  const path = new URL(request.url()).pathname;
  return {
    type: request.resourceType(),
    label: `${request.method()} ${path.replace(/^\/conta\/lista-de-material\/[^/.]+/, "lista")}`,
    bytes: sizes ? sizes.responseHeadersSize + sizes.responseBodySize : NaN,
    // -1: Chromium did not time it (served without a network request).
    serverMs: timing.requestStart >= 0 && timing.responseStart >= 0 ? timing.responseStart - timing.requestStart : NaN,
  };
}

/** "GET lista" → ms; a label seen again in the run gets its count: "GET lista (2ª)". */
function timedByLabel(requests: Fetched[]): Map<string, number> {
  const timed = new Map<string, number>();
  for (const request of requests) {
    let label = request.label;
    for (let seen = 2; timed.has(label); seen++) label = `${request.label} (${seen}ª)`;
    timed.set(label, request.serverMs);
  }
  return timed;
}

/** The parent's flow in a fresh browser context (nothing cached), from opening the list to its results. */
async function buyList(
  browser: Awaited<ReturnType<typeof playwright.launch>>,
  store: Store,
  parent: Parent,
  js: boolean,
): Promise<Run> {
  const context = await browser.newContext({
    baseURL: store.baseUrl,
    javaScriptEnabled: js,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "x-forwarded-for": parent.address },
  });
  try {
    await context.addCookies(parent.cookies.map(([name, value]) => ({ name, value, url: store.baseUrl })));
    const page = await context.newPage();
    const requests: Promise<Fetched>[] = [];
    page.on("response", (response) => requests.push(fetched(response.request())));
    // Without JavaScript Chromium refuses the pages' module preloads ("csp"): never sent, not counted.
    let refused = 0;
    page.on("requestfailed", (request) => {
      if (request.failure()?.errorText === "csp") refused += 1;
    });
    const started = performance.now();
    await page.goto(`/conta/lista-de-material/${parent.studentId}`);
    // With JavaScript, what the parent does before hydration may be lost: wait for it, as a click would.
    if (js) await page.locator('html[data-hydrated="true"]').waitFor({ state: "attached" });
    const line = (title: string) => page.getByTestId("list-line").filter({ hasText: title });
    for (const title of ALREADY_HAVE) await line(title).getByRole("radio", { name: "Já tenho" }).check();
    await line(UNIFORM.title).getByLabel(`Tamanho de ${UNIFORM.title}`).selectOption({ label: UNIFORM.size });
    await page.getByRole("button", { name: "Adicionar ao carrinho" }).click();
    await page.getByTestId("list-outcomes").waitFor();
    await page.waitForLoadState("load");
    const wallMs = performance.now() - started;
    // Counted once the page is quiet: a revalidation after the post still on its way is part of the flow.
    await page.waitForLoadState("networkidle");
    const added = await page.getByTestId("list-outcome").filter({ hasText: "Adicionado ao carrinho" }).count();
    const all = await Promise.all(requests);
    const types = new Map<string, number>();
    for (const { type } of all) types.set(type, (types.get(type) ?? 0) + 1);
    const served = all.filter((request) => SERVER_WORK.has(request.type));
    return {
      documents: types.get("document") ?? 0,
      requests: all.length,
      byType: [...types].map(([type, count]) => `${count} ${type}`).join(" · "),
      kilobytes: all.reduce((sum, request) => sum + (Number.isNaN(request.bytes) ? 0 : request.bytes), 0) / 1024,
      unsized: all.filter((request) => Number.isNaN(request.bytes)).length,
      refused,
      serverMs: timedByLabel(served),
      wallMs,
      added,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[], digits = 0) =>
  [median(values), Math.min(...values), Math.max(...values)].map((value) => value.toFixed(digits)).join(" / ");

/** One row per figure, one column per mode: "median / min / max" of its runs. */
function summary(modes: { mode: string; runs: Run[] }[]) {
  const figures: [string, (run: Run) => number | undefined, number][] = [
    ["documentos", (run) => run.documents, 0],
    ["requisições (todas)", (run) => run.requests, 0],
    ["KB transferidos", (run) => run.kilobytes, 1],
    ["respostas sem tamanho (fora dos KB)", (run) => run.unsized, 0],
    ["pré-carregamentos recusados (não enviados)", (run) => run.refused, 0],
  ];
  const labels = new Set(modes.flatMap(({ runs }) => runs.flatMap((run) => [...run.serverMs.keys()])));
  for (const label of labels) figures.push([`servidor ms: ${label}`, (run) => run.serverMs.get(label), 0]);
  figures.push(["tempo total ms", (run) => run.wallMs, 0], ["linhas adicionadas", (run) => run.added, 0]);
  return figures.map(([figure, value, digits]) => {
    const row: Record<string, string> = { medida: figure };
    for (const { mode, runs } of modes) {
      const values = runs
        .map(value)
        .filter((number): number is number => number !== undefined && !Number.isNaN(number));
      const some = values.length < runs.length ? ` (em ${values.length} de ${runs.length})` : "";
      row[mode] = values.length ? spread(values, digits) + some : "—";
    }
    return row;
  });
}

const store: Store = await startStore();
const browser = await playwright.launch({ executablePath: chromium.executablePath, args: chromium.args });
try {
  await growList(store);
  console.log(
    `Lista de material: ${LINES} linhas (${CODGRADE}, uma de uniforme com tamanho), ${ALREADY_HAVE.length} marcadas "Já tenho", ${RUNS} execuções por modo após um aquecimento; Chromium ${browser.version()}, contexto novo (sem cache) a cada execução.\n`,
  );
  const modes = [
    { mode: "sem JavaScript", js: false },
    { mode: "com JavaScript", js: true },
  ];
  const runs = new Map<string, Run[]>(modes.map(({ mode }) => [mode, []]));
  for (const { js } of modes) await buyList(browser, store, await newParent(store), js);
  // Alternated, so a change in the machine's load weighs on both modes alike.
  for (let run = 0; run < RUNS; run++) {
    for (const { mode, js } of modes) runs.get(mode)!.push(await buyList(browser, store, await newParent(store), js));
  }
  for (const { mode } of modes) {
    console.log(`\n${mode}: ${runs.get(mode)![0]!.byType}`);
    console.table(
      runs.get(mode)!.map((run) => ({
        documentos: run.documents,
        requisições: run.requests,
        KB: run.kilobytes.toFixed(1),
        "sem tamanho": run.unsized,
        recusadas: run.refused,
        "servidor ms, em ordem": [...run.serverMs].map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(" · "),
        "tempo total ms": run.wallMs.toFixed(0),
        "linhas adicionadas": run.added,
      })),
    );
  }
  console.log("\nMediana / mínimo / máximo:");
  console.table(summary(modes.map(({ mode }) => ({ mode, runs: runs.get(mode)! }))));
  console.log("Sem o tempo do próprio responsável para ler e escolher: o script clica assim que a página permite.");
} finally {
  await browser.close();
  await store.stop();
}
