// The store under a back-to-school rush, on loopback (docs/decisions/0038): 50 logged-in
// shoppers buying through the storefront's own forms as a browser without JavaScript would
// (product → add to cart → coupon → "Finalizar Compra" by boleto), and 200 visitors browsing
// (home, categories and their pages, products, search), for LOADTEST_SECONDS. Prints p50/p95/p99
// of each step, errors, and the server's memory at start, middle and end. A measuring tool,
// not a test: it asserts nothing. Run after `npm run build`: `npm run loadtest`.
//
// Settings (environment): LOADTEST_SECONDS (300), LOADTEST_SHOPPERS (50), LOADTEST_VISITORS
// (200), LOADTEST_SHOPPER_THINK_MS ("500-1000": a parent reading the page before the next
// click), LOADTEST_VISITOR_THINK_MS ("1000-3000"; "0" hammers), SEED_CATALOGUE_SIZE,
// DATABASE_URL and WEB_CONCURRENCY (passed to the server).
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { registrationPayload } from "#tests/fixtures/customers.ts";
import { Browser } from "./bench/browser.js";
import { machineNote, requireBuild, startStore } from "./bench/store-process.js";
import { nextAddress, pick, sleep } from "./bench/simulated-people.js";

requireBuild("loadtest");
// `npm run loadtest -- --term-start`: the first week of term on PostgreSQL, two servers (issue 32).
// It runs the roster import's and the stock adjustment's own code, whose TypeScript needs more
// than type stripping (parameter properties): its own Node, with the types transformed.
if (process.argv.includes("--term-start")) {
  const { spawnSync } = await import("node:child_process");
  const flags = ["--experimental-transform-types", "--disable-warning=ExperimentalWarning"];
  const script = new URL("./loadtest-term-start.js", import.meta.url).pathname;
  const run = spawnSync(process.execPath, [...flags, script, ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(run.status ?? 1);
}

const SECONDS = Number(process.env.LOADTEST_SECONDS ?? 300);
const SHOPPERS = Number(process.env.LOADTEST_SHOPPERS ?? 50);
const VISITORS = Number(process.env.LOADTEST_VISITORS ?? 200);
const range = (value, fallback) => {
  const [low, high = low] = (value ?? fallback).split("-").map(Number);
  return { low, high };
};
const SHOPPER_THINK = range(process.env.LOADTEST_SHOPPER_THINK_MS, "500-1000");
const VISITOR_THINK = range(process.env.LOADTEST_VISITOR_THINK_MS, "1000-3000");
/** The demo student every shopper links (any enrolled RA would do: linking asks the birth date too). */
const STUDENT_RA = "20250003";
const SEARCH_TERMS = ["caderno", "camisa", "curso", "agenda", "caneca", "livro", "mochila", "robótica", "ingles"];
/** Physical products: a parent's cart of uniforms and stationery. */
const SHOPPING_CATEGORIES = ["papelaria", "fardamento", "camisas", "canecas", "agenda"];

const timings = new Map();
const errors = new Map();
function record({ step, ms, error }) {
  // Requests cut off by the end of the run are not the server's errors.
  if (stop.signal.aborted) return;
  let list = timings.get(step);
  if (!list) timings.set(step, (list = []));
  list.push(ms);
  if (error) errors.set(`${step}: ${error}`, (errors.get(`${step}: ${error}`) ?? 0) + 1);
}

const store = await startStore({
  ...(process.env.SEED_CATALOGUE_SIZE ? { SEED_CATALOGUE_SIZE: process.env.SEED_CATALOGUE_SIZE } : {}),
});
const api = async (method, route, body, { token, address } = {}) => {
  const response = await fetch(`${store.baseUrl}/api${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      ...(address ? { "x-forwarded-for": address } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply = await response.json();
  if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${JSON.stringify(reply)}`);
  return reply;
};

const catalogue = {};
const { categories } = await api("GET", "/categories/list-category-by-store-id/1?field=visible&filter=enabled");
for (const { slug } of categories.filter((category) => category.status === "enabled")) {
  const { products } = await api("POST", `/products/list-product-by-category-slug/${slug}/store/1/visible/enabled`, {});
  catalogue[slug] = products;
}
const categorySlugs = Object.keys(catalogue).filter((slug) => catalogue[slug].length > 0);
// A shopper confirms the product page's form as it comes: no size to choose (issue 28's uniforms).
const buyable = SHOPPING_CATEGORIES.flatMap((slug) => catalogue[slug] ?? []).filter(
  (p) => p.DESCONTO > 0 && !p.optionName,
);

/**
 * A new account (through the store API: sign-up is not what this measures), logged in on the
 * storefront's form, with the demo student linked by RA on a product page's "Lista de Alunos".
 */
async function newShopper() {
  const address = nextAddress();
  const payload = registrationPayload();
  await api("POST", "/customers/create-customer", payload, { address });
  // Setting up is not measured: a login may wait for the password hashes of the others on a busy machine.
  const browser = new Browser(store.baseUrl, { address, onRequest: record, signal: stop.signal, timeoutMs: 300_000 });
  const login = await browser.get("entrar", "/entrar");
  await browser.submit("entrar", login, 'id="login"', { email: payload.email, password: payload.password }, "Acessar");
  const product = buyable[0];
  const linkForm = await browser.get("vincular", `/produto/${product.category.slug}/${product.slug}?vinculo=adicionar`);
  const linked = await browser.submit(
    "vincular",
    linkForm,
    'name="dtnascimento"',
    { ra: STUDENT_RA, dtnascimento: demoBirthDate(STUDENT_RA), consentimento: "on" },
    "Adicionar",
  );
  // "Estudante vinculado(a)!" comes back on the student list with the student chosen (?aluno=).
  const studentId = linked.html.includes("Estudante vinculado(a)!") ? linked.url.searchParams.get("aluno") : null;
  if (!studentId) throw new Error("o estudante não ficou vinculado");
  browser.timeoutMs = 30_000;
  return { browser, studentId };
}

let purchases = 0;
let withCoupon = 0;
let endsAt = Infinity;
/** Aborts what is still in flight shortly after the end, so the run stays bounded. */
const stop = new AbortController();
const deadline = () => Date.now() >= endsAt;
class Stopped extends Error {}
/** A pause between clicks; past the end, the simulated person leaves instead. */
const think = async ({ low, high }) => {
  await sleep(low + Math.random() * (high - low));
  if (deadline()) throw new Stopped();
};

async function shop({ browser, studentId }) {
  // Arrivals spread over the first seconds, as people do, rather than one stampede.
  await sleep(Math.random() * 2 * SHOPPER_THINK.high);
  while (!deadline()) {
    try {
      const product = pick(buyable);
      const path = `/produto/${product.category.slug}/${product.slug}`;
      const page = await browser.get("produto", `${path}?vinculo=lista&aluno=${studentId}`);
      await think(SHOPPER_THINK);
      await browser.submit("adicionar ao carrinho", page, 'value="confirm"', {}, "Confirmar");
      await think(SHOPPER_THINK);
      let checkout = await browser.get("compra", "/compra");
      if (checkout.html.includes('value="coupon-apply"')) {
        await think(SHOPPER_THINK);
        checkout = await browser.submit("cupom", checkout, 'value="coupon-apply"', {}, "Aplicar Cupom");
        withCoupon += 1;
      }
      await think(SHOPPER_THINK);
      const done = await browser.submit(
        "finalizar (boleto)",
        checkout,
        'id="payment"',
        { paymentMethod: "0", terms: "on" },
        "",
      );
      if (!done.url.pathname.startsWith("/conclusao")) {
        record({ step: "finalizar (boleto)", ms: 0, error: `terminou em ${done.url.pathname}` });
      } else purchases += 1;
      await think(SHOPPER_THINK);
    } catch (error) {
      if (error instanceof Stopped || deadline()) return;
      // Counted by record(); the shopper carries on as a person would, after a pause.
      await sleep(1000);
    }
  }
}

async function browse() {
  const browser = new Browser(store.baseUrl, { address: nextAddress(), onRequest: record, signal: stop.signal });
  await sleep(Math.random() * 2 * VISITOR_THINK.high);
  while (!deadline()) {
    try {
      await browser.get("início", "/");
      await think(VISITOR_THINK);
      const slug = pick(categorySlugs);
      const first = await browser.get("categoria", `/categoria/${slug}`);
      const pages = Number(/página \d+ de (\d+)/.exec(first.html)?.[1] ?? 1);
      await think(VISITOR_THINK);
      if (pages > 1) {
        await browser.get(
          "categoria (outra página)",
          `/categoria/${slug}?pagina=${2 + Math.floor(Math.random() * (pages - 1))}`,
        );
        await think(VISITOR_THINK);
      }
      const product = pick(catalogue[slug]);
      await browser.get("produto (visitante)", `/produto/${slug}/${product.slug}`);
      await think(VISITOR_THINK);
      await browser.get("busca", `/busca?q=${encodeURIComponent(pick(SEARCH_TERMS))}`);
      await think(VISITOR_THINK);
    } catch (error) {
      if (error instanceof Stopped || deadline()) return;
      await sleep(1000);
    }
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const memory = [];
try {
  console.log(machineNote());
  console.log(
    `Teste de carga: ${SHOPPERS} compradores (pausa ${SHOPPER_THINK.low}–${SHOPPER_THINK.high} ms) e ${VISITORS} visitantes (pausa ${VISITOR_THINK.low}–${VISITOR_THINK.high} ms) por ${SECONDS} s; ${Object.values(catalogue).flat().length} produtos à venda.`,
  );
  const shoppers = [];
  // A few at a time: sign-up hashes a password, which is not what this measures.
  for (let i = 0; i < SHOPPERS; i += 10)
    shoppers.push(...(await Promise.all(Array.from({ length: Math.min(10, SHOPPERS - i) }, newShopper))));
  timings.clear();
  errors.clear();
  const startedAt = Date.now();
  endsAt = startedAt + SECONDS * 1000;
  const sampleMemory = () => memory.push({ at: (Date.now() - startedAt) / 1000, mb: store.rssMb() });
  sampleMemory();
  const sampler = setInterval(sampleMemory, 5_000);
  // A request still running 30 s after the end (the browser's own timeout) is cut off.
  const ending = setTimeout(() => stop.abort(), SECONDS * 1000 + 30_000);
  await Promise.all([...shoppers.map(shop), ...Array.from({ length: VISITORS }, browse)]);
  clearTimeout(ending);
  clearInterval(sampler);
  sampleMemory();
  const elapsed = (Date.now() - startedAt) / 1000;

  const rows = [...timings].map(([step, list]) => {
    const sorted = list.toSorted((a, b) => a - b);
    const failed = [...errors].filter(([key]) => key.startsWith(`${step}: `)).reduce((n, [, count]) => n + count, 0);
    return {
      passo: step,
      pedidos: sorted.length,
      "por s": (sorted.length / elapsed).toFixed(1),
      "p50 ms": Math.round(percentile(sorted, 50)),
      "p95 ms": Math.round(percentile(sorted, 95)),
      "p99 ms": Math.round(percentile(sorted, 99)),
      erros: failed,
    };
  });
  console.table(rows);
  const total = rows.reduce((n, row) => n + row.pedidos, 0);
  console.log(
    `${total} pedidos HTTP em ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(1)}/s); ${purchases} compras finalizadas, ${withCoupon} com cupom.`,
  );
  if (errors.size > 0) console.log("Erros:", Object.fromEntries(errors));
  else console.log("Erros: 0");
  const middle = memory[Math.floor(memory.length / 2)];
  const peak = memory.reduce((max, sample) => (sample.mb > max.mb ? sample : max), memory[0]);
  console.log(
    `Memória do servidor (RSS, com os workers): início ${memory[0].mb} MB, meio (${middle.at.toFixed(0)} s) ${middle.mb} MB, fim ${memory.at(-1).mb} MB, pico ${peak.mb} MB aos ${peak.at.toFixed(0)} s.`,
  );
  console.log(
    `Metas nesta máquina: "adicionar ao carrinho" e "finalizar (boleto)" p95 ≤ 50 ms; 0 erros; memória estável.`,
  );
} finally {
  await store.stop();
}
