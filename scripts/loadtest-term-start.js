// The first week of term, simulated (issue 32): two built servers on one PostgreSQL database
// behind the round-robin proxy (docs/several-servers.md, tests/fixtures/round-robin-proxy.ts),
// logged-in parents arriving over the window, each linking their student by RA
// and birth date, buying the grade's material list with a uniform size that many others want
// too, and paying by Pix, boleto or card (the sandbox gateway); visitors browsing meanwhile. Every
// request is a real HTTP one speaking the storefront's forms as a phone without JavaScript would
// (scripts/bench/browser.js: cookies, CSRF, POST-redirect-GET). Prints per step p50/p95/p99 and
// errors, the sales, the stock at the end against the sales' lines, and each server process's
// memory over time. A measuring tool, not a test: it asserts nothing.
//
// `npm run loadtest -- --term-start` after `npm run build` (scripts/loadtest.js runs this file
// with --experimental-transform-types: the API's code it imports needs it). Options: --short (50
// parents over 60 s, 30 visitors, memory every 5 s: to check the script works), --workers N
// (WEB_CONCURRENCY of each server, e.g. 1 or 2; default: the server's own), --heap (each server
// process's live heap after a full GC at every sample, scripts/heap-sampler.js: what grows; the
// forced collections cost a little time), --with-login (half the parents log in and half sign up
// inside the window, as their own steps; by default every parent arrives logged in, as the issue
// has them, their accounts and sessions made before the window and not measured).
// Settings (environment): TERM_PARENTS (500), TERM_ARRIVAL_SECONDS (300), TERM_VISITORS (300),
// TERM_SAMPLE_SECONDS (15: memory samples), TERM_POSTGRES_URL (a PostgreSQL server to create the
// database on; without it a throwaway cluster of scripts/postgres-cluster.sh on TERM_PG_PORT or a
// free port), TERM_THINK_MS ("1000-3000": a parent reading a page before the next click).
//
// The students come from the store's own roster import (api/gestor/roster/service.ts, as the
// Gestor's "Importar" and scripts/bench/roster-import.ts run it), the stock from the Gestor's stock
// adjustment (api/gestor/stock/adjust-stock.ts): no row is written by hand. Sign-up goes through
// the store API (POST /api/customers/create-customer, timed as its own step): the storefront's
// three-step form needs the CEP service, which a load test must not call (decision 0083).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { importRoster, previewRoster } from "#api/gestor/roster/service.ts";
import { adjustStock } from "#api/gestor/stock/adjust-stock.ts";
import { WHOLE_NETWORK } from "#api/gestor/staff/staff-scope.ts";
import { currentPeriodCode } from "#core/dates.ts";
import { openDatabase } from "#db/client.ts";
import { MATERIAL_LISTS } from "#db/seed/material-lists-data.ts";
import { SIZED_UNIFORMS, sizeItemCode } from "#db/seed/stock-data.ts";
import { stockAgainstSales } from "#tests/crash/tracked-stock.ts";
import { registrationPayload } from "#tests/fixtures/customers.ts";
import { freePort } from "#tests/fixtures/free-port.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { startRoundRobinProxy } from "#tests/fixtures/round-robin-proxy.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";
import { Browser } from "./bench/browser.js";
import { machineNote, processTree, requireBuild, root, startStore } from "./bench/store-process.js";
import { nextAddress, pick, sleep } from "./bench/simulated-people.js";

requireBuild("loadtest --term-start");

const { values: flags } = parseArgs({
  options: {
    "term-start": { type: "boolean" },
    short: { type: "boolean" },
    workers: { type: "string" },
    heap: { type: "boolean" },
    "with-login": { type: "boolean" },
  },
  strict: false,
});
const short = Boolean(flags.short);
const PARENTS = Number(process.env.TERM_PARENTS ?? (short ? 50 : 500));
const ARRIVAL_SECONDS = Number(process.env.TERM_ARRIVAL_SECONDS ?? (short ? 60 : 300));
const VISITORS = Number(process.env.TERM_VISITORS ?? (short ? 30 : 300));
const SAMPLE_SECONDS = Number(process.env.TERM_SAMPLE_SECONDS ?? (short ? 5 : 15));
const [thinkLow, thinkHigh = thinkLow] = (process.env.TERM_THINK_MS ?? "1000-3000").split("-").map(Number);
const WORKERS = typeof flags.workers === "string" ? flags.workers : process.env.WEB_CONCURRENCY;
/**
 * The issue's parents arrive logged in (a session kept from before the week: the store's is 24 h):
 * their accounts and logins are made before the window, not measured. --with-login makes them sign
 * up or log in inside it, each a password hash of decision 0014's cost on the servers' cores.
 */
const WITH_LOGIN = Boolean(flags["with-login"]);
/** Of the parents, how many already have an account (they log in); the others sign up first. */
const RETURNING_SHARE = 0.5;
/** The size most parents of a grade ask for, and how many of them do: its stock runs out. */
const POPULAR_SIZE = "10";
const POPULAR_SHARE = 0.6;
/** The popular size's pieces cover about this share of the parents who want it. */
const POPULAR_COVERED = 0.5;
/** The grades whose demo list has a uniform in sizes (db/seed/material-lists-data.ts). */
const GRADES = MATERIAL_LISTS.filter((list) =>
  list.lines.some((line) => SIZED_UNIFORMS.some((uniform) => uniform.slug === line.slug)),
).map((list) => ({
  codgrade: list.codgrade,
  uniform: list.lines.find((line) => SIZED_UNIFORMS.some((uniform) => uniform.slug === line.slug)),
  // The list's first line, the grade's teaching-material kit (no sizes): where the parent links
  // the student ("Lista de Alunos"); a sized product asks for the size first.
  linkPage: `/produto/material-didatico/${list.lines[0].slug}`,
}));
const METHODS = [
  { name: "pix", fields: { paymentMethod: "3" } },
  { name: "boleto", fields: { paymentMethod: "0" } },
  {
    name: "cartão",
    fields: {
      paymentMethod: "1",
      holder: "Fernanda C Lima",
      number: "4111 1111 1111 1111",
      expiry: "05 / 35",
      cvc: "123",
      installments: "1",
    },
  },
];
const SEARCH_TERMS = ["caderno", "camiseta", "bermuda", "agenda", "lápis", "mochila", "kit", "squeeze"];

const think = () => sleep(thinkLow + Math.random() * (thinkHigh - thinkLow));

const timings = new Map();
const errors = new Map();
let measuring = false;
function record({ step, ms, error }) {
  if (!measuring) return;
  let list = timings.get(step);
  if (!list) timings.set(step, (list = []));
  list.push(ms);
  if (error) errors.set(`${step}: ${error}`, (errors.get(`${step}: ${error}`) ?? 0) + 1);
}
/** A page that came back but is not the one the flow expects: an error as a 5xx is. */
class UnexpectedPage extends Error {}
function unexpected(step, what) {
  // Its request was timed already: only the error is added.
  if (measuring) errors.set(`${step}: ${what}`, (errors.get(`${step}: ${what}`) ?? 0) + 1);
  throw new UnexpectedPage(`${step}: ${what}`);
}

/** A throwaway PostgreSQL cluster (scripts/postgres-cluster.sh), stopped when stdin closes. */
async function throwawayCluster() {
  const port = process.env.TERM_PG_PORT ?? String(await freePort());
  const child = spawn(
    "bash",
    [
      "-c",
      'source scripts/postgres-cluster.sh && start_postgres_cluster && echo "URL=$POSTGRES_SERVER_URL" && read -r _',
    ],
    { cwd: root, env: { ...process.env, PG_TEST_PORT: port }, stdio: ["pipe", "pipe", "inherit"] },
  );
  const url = await new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const match = /^URL=(.+)$/m.exec(out);
      if (match) resolve(match[1].trim());
    });
    child.on("exit", (code) => reject(new Error(`o PostgreSQL descartável não iniciou (código ${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", resolve);
        child.stdin.end();
      }),
  };
}

const cluster = process.env.TERM_POSTGRES_URL ? null : await throwawayCluster();
const proxyPort = await freePort();
const publicUrl = `http://127.0.0.1:${proxyPort}`;
/** --heap: each server process samples its live heap after a full GC (scripts/heap-sampler.js). */
const heapFile = flags.heap ? path.join(os.tmpdir(), `loja-heap-${process.pid}.jsonl`) : null;
if (heapFile) {
  const sampler = path.join(root, "scripts/heap-sampler.js");
  process.env.BENCH_SERVER_NODE_ARGS = `${process.env.BENCH_SERVER_NODE_ARGS ?? ""} --expose-gc --import ${sampler}`;
}
const serverEnv = {
  ...(heapFile ? { HEAP_SAMPLE_FILE: heapFile, HEAP_SAMPLE_SECONDS: String(SAMPLE_SECONDS) } : {}),
  PUBLIC_URL: publicUrl,
  // The shopper's own X-Forwarded-For, then the proxy's hop.
  TRUST_PROXY: "2",
  SESSION_SECRET: crypto.randomUUID() + crypto.randomUUID(),
  ...(WORKERS ? { WEB_CONCURRENCY: WORKERS } : {}),
};
// What the run starts, all stopped at the end whatever happened: a server left running would load
// the machine. Set up in the main try below.
let postgres = null;
let stores = [];
let proxy = null;
let db = null;

/** Two servers started at the same moment on the empty database, as a deploy does: one migrates and seeds. */
async function startServers() {
  postgres = await createPostgresDatabase(process.env.TERM_POSTGRES_URL ?? cluster.url);
  serverEnv.DATABASE_URL = postgres.url;
  const starting = await Promise.allSettled([startStore(serverEnv), startStore(serverEnv)]);
  stores = starting.filter((result) => result.status === "fulfilled").map((result) => result.value);
  const failed = starting.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  proxy = await startRoundRobinProxy({
    port: proxyPort,
    backends: stores.map((store) => Number(new URL(store.baseUrl).port)),
  });
  db = await openDatabase({ databaseUrl: postgres.url });
}

/** Parents' students: enrolled through the roster import, as a secretary's file would bring them. */
async function importStudents() {
  const records = rosterRecords({
    rows: PARENTS,
    seed: 20261128,
    periodCode: currentPeriodCode(),
    firstRa: 40_000_000,
    gradeCodes: GRADES.map((grade) => grade.codgrade),
  });
  const deps = { db, now: () => new Date() };
  const actor = { kind: "cli" };
  const preview = await previewRoster(deps, 1, { csv: rosterCsv(records), fileName: "primeira-semana.csv" }, actor);
  if (!preview.upload) throw new Error(`a prévia do arquivo de alunos tem erros: ${preview.errors[0]?.text}`);
  await importRoster(deps, 1, { uploadId: preview.upload.id, sha256: preview.upload.sha256 }, actor);
  return records.map((record) => {
    const [day, month, year] = record.DTNASCIMENTO.split("/");
    return { RA: record.RA, birthDate: `${year}-${month}-${day}`, codgrade: record.CODGRADE };
  });
}

/**
 * Each grade's uniform sizes counted as the Gestor's adjustment sets them: the popular size
 * enough for about half of those who want it, every other size enough for everybody.
 */
async function stockUniforms(students) {
  const tracked = [];
  for (const { codgrade, uniform } of GRADES) {
    const parents = students.filter((student) => student.codgrade === codgrade).length;
    const product = await db
      .selectFrom("products")
      .select(["item_totvs_id", "unit_code"])
      .where("store_id", "=", 1)
      .where("slug", "=", uniform.slug)
      .executeTakeFirstOrThrow();
    const sizes = SIZED_UNIFORMS.find((sized) => sized.slug === uniform.slug).sizes;
    for (const [index, [size]] of sizes.entries()) {
      const itemTOTVSId = sizeItemCode(product.item_totvs_id, index + 1);
      const level = await db
        .selectFrom("stock_levels")
        .select("available")
        .where("store_id", "=", 1)
        .where("unit_code", "=", product.unit_code)
        .where("item_totvs_id", "=", itemTOTVSId)
        .executeTakeFirst();
      const pieces =
        size === POPULAR_SIZE
          ? uniform.quantity * Math.round(parents * POPULAR_SHARE * POPULAR_COVERED)
          : uniform.quantity * parents;
      await adjustStock({ db, now: () => new Date() }, { kind: "cli" }, 1, WHOLE_NETWORK, {
        unitCode: product.unit_code,
        itemTOTVSId,
        mode: "set",
        amount: pieces,
        seen: level?.available,
        reason: "Teste de carga: primeira semana de aula",
      });
      tracked.push({ codgrade, slug: uniform.slug, size, itemTOTVSId, unitCode: product.unit_code, initial: pieces });
    }
  }
  return tracked;
}

/** The parents who already have an account: created before the run (not measured). */
async function createAccount(address) {
  const payload = registrationPayload();
  const response = await fetch(`${publicUrl}/api/customers/create-customer`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": address },
    body: JSON.stringify(payload),
  });
  if (response.status !== 201) throw new Error(`cadastro: HTTP ${response.status} ${await response.text()}`);
  return payload;
}

const outcome = {
  arrived: 0,
  paid: new Map(METHODS.map((method) => [method.name, 0])),
  /** A sold-out answer the store gave by design, by where it came. */
  soldOut: { "tamanho esgotado na lista (outro escolhido)": 0, "esgotado ao adicionar": 0, "esgotado ao pagar": 0 },
  gaveUp: 0,
  failed: 0,
};

/**
 * The list's sizes as the parent sends them: the popular size when they want it and it is not
 * shown sold out ("esgotado"), otherwise another size still on sale (`wantedSize` null: any other).
 */
function listChoices(html, wantedSize) {
  const fields = {};
  for (const [, name, inner] of html.matchAll(/<select\b[^>]*\bname="([^"]+)"[^>]*>([\s\S]*?)<\/select>/g)) {
    const options = [...inner.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)]
      .map(([, attributes, label]) => ({
        value: /\svalue="([^"]*)"/.exec(attributes)?.[1] ?? "",
        size: label
          .replace(/<[^>]+>/g, "")
          .trim()
          .split(" ")[0],
        disabled: /\sdisabled=""/.test(attributes),
      }))
      .filter((option) => option.value !== "" && !option.disabled);
    const wanted = wantedSize && options.find((option) => option.size === wantedSize);
    const others = options.filter((option) => option.size !== POPULAR_SIZE);
    if (wanted) fields[name] = wanted.value;
    else {
      if (wantedSize) outcome.soldOut["tamanho esgotado na lista (outro escolhido)"] += 1;
      const other = pick(others.length > 0 ? others : options);
      // Every size sold out: the line is left out ("Já tenho"), the rest of the list is bought.
      if (other) fields[name] = other.value;
      else fields[name.replace(/\.size$/, ".buy")] = "nao";
    }
  }
  return fields;
}

/** /entrar's form sent with these credentials (`think`: the pause before); whether it logged in. */
async function logIn(browser, { email, password }, think = async () => {}) {
  const login = await browser.get("entrar (página)", "/entrar");
  await think();
  const loggedIn = await browser.submit("entrar", login, 'id="login"', { email, password }, "Acessar");
  return loggedIn.url.pathname !== "/entrar";
}

/** A parent's login before the week (not measured): their browser keeps the session cookie. */
async function logInBeforehand({ address, payload }) {
  const browser = new Browser(publicUrl, { address, onRequest: record, timeoutMs: 300_000 });
  if (!(await logIn(browser, payload))) throw new Error("o login antes da semana não entrou");
  browser.timeoutMs = 60_000;
  return browser;
}

async function parent({ student, account, startsAt }) {
  await sleep(Math.max(0, startsAt - Date.now()));
  outcome.arrived += 1;
  const address = account?.address ?? nextAddress();
  const browser = account?.browser ?? new Browser(publicUrl, { address, onRequest: record, timeoutMs: 60_000 });
  try {
    let credentials = account?.payload;
    if (!account?.browser && !credentials) {
      const payload = registrationPayload();
      const started = performance.now();
      let status = 0;
      try {
        const response = await fetch(`${publicUrl}/api/customers/create-customer`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": address },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(60_000),
        });
        await response.text();
        status = response.status;
      } finally {
        const error = status === 201 ? null : status ? `HTTP ${status}` : "sem resposta";
        record({ step: "cadastro (API)", ms: performance.now() - started, error });
      }
      if (status !== 201) throw new UnexpectedPage("cadastro");
      credentials = payload;
    }
    if (!account?.browser) {
      if (!(await logIn(browser, credentials, think))) unexpected("entrar", "continuou em /entrar");
      await think();
    }

    const grade = GRADES.find((candidate) => candidate.codgrade === student.codgrade);
    const linkPage = await browser.get("vincular aluno (página)", `${grade.linkPage}?vinculo=adicionar`);
    await think();
    const linked = await browser.submit(
      "vincular aluno",
      linkPage,
      'name="dtnascimento"',
      { ra: student.RA, dtnascimento: student.birthDate, consentimento: "on" },
      "Adicionar",
    );
    // "Estudante vinculado(a)!" comes back on the student list with the student chosen (?aluno=).
    const studentId = linked.html.includes("Estudante vinculado(a)!") ? linked.url.searchParams.get("aluno") : null;
    if (!studentId) unexpected("vincular aluno", "o estudante não ficou vinculado");
    await think();

    const listPath = `/conta/lista-de-material/${studentId}`;
    const list = await browser.get("lista de material (página)", listPath);
    if (!list.html.includes('name="listId"')) unexpected("lista de material (página)", "sem o formulário da lista");
    await think();
    const wantedSize = Math.random() < POPULAR_SHARE ? POPULAR_SIZE : null;
    const sent = await browser.submit(
      "lista: adicionar ao carrinho",
      list,
      'name="listId"',
      listChoices(list.html, wantedSize),
      "Adicionar ao carrinho",
    );
    if (!sent.html.includes('data-testid="list-outcomes"'))
      unexpected("lista: adicionar ao carrinho", "sem o resultado da lista");
    if (sent.html.includes('data-result="soldOut"')) outcome.soldOut["esgotado ao adicionar"] += 1;
    if (!sent.html.includes('data-result="added"')) {
      outcome.gaveUp += 1;
      return;
    }
    await think();

    const method = pick(METHODS);
    const step = `pagar (${method.name})`;
    let checkout = await browser.get("compra (página)", "/compra");
    for (let attempt = 0; attempt < 3; attempt++) {
      // A line that ran out since it was added: the store names it; the parent removes it and pays the rest.
      const notice = checkout.html.indexOf('data-testid="sold-out-notice"');
      if (notice >= 0) {
        outcome.soldOut["esgotado ao pagar"] += 1;
        await think();
        const part = { ...checkout, html: checkout.html.slice(notice) };
        checkout = await browser.submit("compra: remover esgotado", part, 'value="remove"', {}, "Remover");
        if (checkout.url.pathname !== "/compra") checkout = await browser.get("compra (página)", "/compra");
        if (!checkout.html.includes('id="payment"')) {
          outcome.gaveUp += 1;
          return;
        }
      }
      if (!checkout.html.includes('id="payment"')) unexpected("compra (página)", "sem o formulário de pagamento");
      await think();
      browser.accepted = new Set([409]);
      const done = await browser.submit(step, checkout, 'id="payment"', { ...method.fields, terms: "on" }, "");
      browser.accepted = new Set();
      if (done.url.pathname.startsWith("/conclusao")) {
        outcome.paid.set(method.name, outcome.paid.get(method.name) + 1);
        return;
      }
      if (done.status !== 409 || !done.html.includes('data-testid="sold-out-notice"'))
        unexpected(step, `terminou em ${done.url.pathname} (HTTP ${done.status})`);
      checkout = done;
    }
    unexpected(step, "três tentativas sem concluir");
  } catch (error) {
    // Counted where it happened (record): the parent leaves.
    outcome.failed += 1;
    // A page without the form the parent needs next: an unexpected page, not yet counted.
    if (/nenhum formulário/.test(String(error)) && measuring)
      errors.set(`página inesperada: ${error.message}`, (errors.get(`página inesperada: ${error.message}`) ?? 0) + 1);
    else if (!(error instanceof UnexpectedPage) && !/HTTP|Timeout|Abort|fetch failed/i.test(String(error)))
      console.error("[primeira semana] um responsável parou:", error);
  }
}

let visiting = true;
async function visitor() {
  const browser = new Browser(publicUrl, { address: nextAddress(), onRequest: record });
  await sleep(Math.random() * thinkHigh * 2);
  while (visiting) {
    try {
      await browser.get("visitante: início", "/");
      await think();
      await browser.get(
        "visitante: categoria",
        `/categoria/${pick(["fardamento", "papelaria", "material-didatico", "agenda", "mochilas"])}`,
      );
      await think();
      await browser.get("visitante: produto", `/produto/fardamento/${pick(GRADES).uniform.slug}`);
      await think();
      await browser.get("visitante: listas de material", "/listas-de-material");
      await think();
      await browser.get("visitante: busca", `/busca?q=${encodeURIComponent(pick(SEARCH_TERMS))}`);
      await think();
    } catch {
      // Counted by record(); a person tries again after a moment.
      await sleep(1000);
    }
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const mb = (value) => `${value} MB`;

/** Every process of both servers, sampled: pid → its samples ({ at, rssMb }). */
const memory = new Map();
let startedAt = 0;
function sampleMemory() {
  const at = Math.round((Date.now() - startedAt) / 1000);
  for (const [index, store] of stores.entries()) {
    for (const [place, { pid, rssMb }] of processTree(store.pid).entries()) {
      const name = `servidor ${index + 1} ${place === 0 ? "principal" : `worker ${place}`} (pid ${pid})`;
      if (!memory.has(name)) memory.set(name, []);
      if (rssMb > 0) memory.get(name).push({ at, rssMb });
    }
  }
}

/** The live heap of each process after a full GC (--heap): at the start, the middle and the end. */
function printHeap(middle) {
  const byPid = new Map();
  for (const line of fs.readFileSync(heapFile, "utf8").split("\n").filter(Boolean)) {
    const sample = JSON.parse(line);
    sample.at = Math.round((sample.time - startedAt) / 1000);
    if (sample.at < 0) continue;
    if (!byPid.has(sample.pid)) byPid.set(sample.pid, []);
    byPid.get(sample.pid).push(sample);
  }
  const toMb = (bytes) => Math.round(bytes / 2 ** 20);
  const shown = (sample) =>
    `${toMb(sample.heapUsed)} / ${toMb(sample.heapTotal)} / ${toMb(sample.external)} / ${toMb(sample.rss)}`;
  console.log("\nHeap vivo após GC completo (--heap), MB: usado / reservado pelo V8 / fora do heap (external) / RSS:");
  console.table(
    [...byPid].map(([pid, samples]) => {
      const half = samples.find((sample) => sample.at >= middle) ?? samples.at(-1);
      const growth = toMb(samples.at(-1).heapUsed - half.heapUsed);
      return {
        pid,
        [`início (${samples[0].at} s)`]: shown(samples[0]),
        [`meio (${half.at} s)`]: shown(half),
        [`fim (${samples.at(-1).at} s)`]: shown(samples.at(-1)),
        "heap vivo na 2ª metade": `${growth >= 0 ? "+" : ""}${growth} MB`,
      };
    }),
  );
}

try {
  console.log(machineNote());
  await startServers();
  const students = await importStudents();
  const tracked = await stockUniforms(students);
  const returning = WITH_LOGIN ? Math.round(PARENTS * RETURNING_SHARE) : PARENTS;
  const accounts = [];
  // A few at a time: a sign-up hashes a password, and so does a login; these accounts (and,
  // without --with-login, these sessions) exist before the week begins.
  for (let i = 0; i < returning; i += 10) {
    const batch = Array.from({ length: Math.min(10, returning - i) }, async () => {
      const address = nextAddress();
      const account = { address, payload: await createAccount(address) };
      return WITH_LOGIN ? account : { ...account, browser: await logInBeforehand(account) };
    });
    accounts.push(...(await Promise.all(batch)));
  }
  console.log(
    `Primeira semana de aula${short ? " (execução CURTA)" : ""}: ${PARENTS} responsáveis chegando em ${ARRIVAL_SECONDS} s (${WITH_LOGIN ? `${returning} já com conta e entrando, ${PARENTS - returning} se cadastrando na janela` : "todos já logados: contas e logins feitos antes da janela, sem medir; --with-login para medi-los"}), ${VISITORS} visitantes; 2 servidores (WEB_CONCURRENCY ${WORKERS ?? "padrão do servidor"}) no PostgreSQL atrás de um proxy round-robin; pausa entre cliques ${thinkLow}–${thinkHigh} ms.`,
  );
  console.log(
    `Alunos importados pelo arquivo de matrículas: ${students.length} (${GRADES.map((g) => `${g.codgrade} ${students.filter((s) => s.codgrade === g.codgrade).length}`).join(", ")}); ${Math.round(POPULAR_SHARE * 100)}% dos responsáveis querem o tamanho ${POPULAR_SIZE}, com peças para cerca de metade deles.`,
  );

  measuring = true;
  startedAt = Date.now();
  sampleMemory();
  const sampler = setInterval(sampleMemory, SAMPLE_SECONDS * 1000);
  const arrivals = students.map((student, index) => ({ student, account: accounts[index] ?? null }));
  const parents = arrivals.map((entry) =>
    parent({ ...entry, startsAt: startedAt + Math.random() * ARRIVAL_SECONDS * 1000 }),
  );
  const visitors = Array.from({ length: VISITORS }, visitor);
  await Promise.all(parents);
  // The visitors keep browsing until the arrival window is over too.
  await sleep(Math.max(0, startedAt + ARRIVAL_SECONDS * 1000 - Date.now()));
  visiting = false;
  await Promise.all(visitors);
  measuring = false;
  clearInterval(sampler);
  sampleMemory();
  const elapsed = (Date.now() - startedAt) / 1000;

  const rows = [...timings].map(([step, list]) => {
    const sorted = list.toSorted((a, b) => a - b);
    const failed = [...errors].filter(([key]) => key.startsWith(`${step}: `)).reduce((n, [, count]) => n + count, 0);
    const p95 = Math.round(percentile(sorted, 95));
    return {
      passo: step,
      pedidos: sorted.length,
      "p50 ms": Math.round(percentile(sorted, 50)),
      "p95 ms": p95,
      "p99 ms": Math.round(percentile(sorted, 99)),
      erros: failed,
      "meta p95 ≤ 300": p95 <= 300 ? "sim" : "NÃO",
    };
  });
  rows.sort((a, b) => a.passo.localeCompare(b.passo, "pt-BR"));
  console.table(rows);
  const total = rows.reduce((n, row) => n + row.pedidos, 0);
  const errorCount = [...errors.values()].reduce((n, count) => n + count, 0);
  console.log(`${total} pedidos HTTP em ${elapsed.toFixed(0)} s (${(total / elapsed).toFixed(1)}/s).`);
  console.log(errorCount > 0 ? `Erros: ${errorCount}` : "Erros: 0", errorCount > 0 ? Object.fromEntries(errors) : "");
  const paid = [...outcome.paid.values()].reduce((n, count) => n + count, 0);
  console.log(
    `Responsáveis: ${outcome.arrived} chegaram, ${paid} pagaram (${[...outcome.paid].map(([name, count]) => `${name} ${count}`).join(", ")}), ${outcome.gaveUp} sem nada a comprar após o esgotado, ${outcome.failed} pararam num erro.`,
  );
  console.log(
    `Esgotado, respondido pela loja (não é erro): ${Object.entries(outcome.soldOut)
      .map(([where, count]) => `${where} ${count}`)
      .join("; ")}.`,
  );

  // Sales and stock, from the database: the sales' statuses, and each tracked size's level
  // against what the live sales' lines hold of it (tests/crash/tracked-stock.ts).
  const sales = await db
    .selectFrom("sales")
    .select(["status", "payment_method_code", sql`count(*)`.as("count")])
    // The run's sales: the demo seed's own orders are older.
    .where("created_at", ">=", new Date(startedAt).toISOString())
    .groupBy(["status", "payment_method_code"])
    .execute();
  console.log(
    `Vendas no banco desde o início: ${sales.reduce((n, row) => n + Number(row.count), 0)} (${sales.map((row) => `${row.status}/${row.payment_method_code}: ${row.count}`).join(", ")}); o script viu ${paid} pagamentos concluídos.`,
  );
  const stockRows = [];
  let stockOk = true;
  for (const item of tracked) {
    const { level, ledger, held, strayHolds } = await stockAgainstSales(db, item);
    const agrees = level >= 0 && level === item.initial - held && ledger === level && strayHolds === 0;
    stockOk &&= agrees;
    stockRows.push({
      item: `${item.slug} ${item.size}`,
      inicial: item.initial,
      "nas vendas": held,
      "estoque final": level,
      "livro-razão": ledger,
      confere: agrees ? "sim" : "NÃO",
    });
  }
  console.table(stockRows);
  console.log(
    stockOk
      ? "Estoque e vendas conferem: nenhum nível abaixo de zero; nível = inicial − o que as vendas vivas seguram; livro-razão = nível."
      : "ESTOQUE E VENDAS NÃO CONFEREM: veja as linhas com NÃO.",
  );

  console.log(`\nMemória (RSS) de cada processo, amostrada a cada ${SAMPLE_SECONDS} s:`);
  const times = [...new Set([...memory.values()].flatMap((samples) => samples.map((sample) => sample.at)))].sort(
    (a, b) => a - b,
  );
  console.table(
    times.map((at) => {
      const row = { s: at };
      for (const [name, samples] of memory) row[name] = samples.find((sample) => sample.at === at)?.rssMb ?? "";
      return row;
    }),
  );
  const middle = elapsed / 2;
  console.table(
    [...memory].map(([name, samples]) => {
      const first = samples[0];
      const half = samples.find((sample) => sample.at >= middle) ?? samples.at(-1);
      const last = samples.at(-1);
      const growth = last.rssMb - half.rssMb;
      return {
        processo: name,
        início: mb(first.rssMb),
        [`meio (${half.at} s)`]: mb(half.rssMb),
        fim: mb(last.rssMb),
        pico: mb(Math.max(...samples.map((sample) => sample.rssMb))),
        "cresceu na 2ª metade": `${growth >= 0 ? "+" : ""}${growth} MB (${((growth / half.rssMb) * 100).toFixed(1)}%)`,
      };
    }),
  );
  if (heapFile) printHeap(middle);
  console.log(
    "Metas: 0 erros; p95 ≤ 300 ms em todo passo; memória plana na segunda metade; o mesmo com WEB_CONCURRENCY=1 e 2 (--workers).",
  );
} finally {
  await db?.destroy();
  await proxy?.close();
  await Promise.all(stores.map((store) => store.stop()));
  await postgres?.drop();
  await cluster?.stop();
  // After the servers stopped: their samplers write until then.
  if (heapFile) fs.rmSync(heapFile, { force: true });
}
