// The mail outbox's crash test (docs/decisions/0020-mail-outbox.md): under checkout load, the
// built server (server.js, with the .eml outbox) is killed with SIGKILL at random moments and
// started again; at the end, every sale the API acknowledged has exactly one confirmation
// e-mail, every sale in the database too, no .eml file is empty or partial and no message is
// left unsent. Prints the figures. Needs `npm run build`; the test command runs it after the
// build (scripts/test.sh): `npx node tests/crash/mail-outbox-crash.ts`.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import SQLite from "better-sqlite3";
import { STUDENT_CONSENT_VERSION } from "#app/lib/student-consent.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { randomAddress, registrationPayload } from "#tests/fixtures/customers.ts";

const KILLS = 5;
const CLIENTS = 6;
/** Load between two kills: a random moment in this range (ms), from a seeded generator. */
const LOAD_MS = [800, 3_000];
/** Longer than the .eml mailer's lease (15 s): a message claimed by a killed server is sent again after it. */
const DRAIN_TIMEOUT_MS = 60_000;
const BOLETO = 1;
const STUDENT_RA = "20250003";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("tests/crash/mail-outbox-crash.ts: run `npm run build` first");
  process.exit(1);
}

/** Mulberry32: the same kill moments on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261123);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const port = Number(process.env.CRASH_TEST_PORT) || (await freePort());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-crash-"));
const outboxDir = path.join(dataDir, "outbox");
const baseUrl = `http://127.0.0.1:${port}`;
const serverEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  PUBLIC_URL: baseUrl,
  COOKIE_SECURE: "false",
  TRUST_PROXY: "1",
  LOG_REQUESTS: "false",
  SESSION_SECRET: crypto.randomUUID() + crypto.randomUUID(),
};
delete serverEnv.SMTP_URL;
delete serverEnv.DATABASE_URL;
delete serverEnv.STORE_API_URL;

let server: ChildProcess | null = null;
let serverLog = "";

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", () => undefined);
  child.stderr?.on("data", (chunk: Buffer) => {
    serverLog = (serverLog + chunk.toString()).slice(-4_000);
  });
  server = child;
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode}):\n${serverLog}`);
    try {
      if ((await fetch(`${baseUrl}/api/payment-methods/list-payment-methods`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not start in 60 s:\n${serverLog}`);
}

async function killServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  server = null;
}

interface Reply {
  status: number;
  body: any;
}

async function call(
  method: string,
  route: string,
  body: unknown,
  token?: string,
  address = "10.9.0.1",
): Promise<Reply> {
  const response = await fetch(`${baseUrl}/api${route}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": address,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

interface Shopper {
  id: string;
  token: string;
  studentId: string;
  address: string;
}

async function newShopper(): Promise<Shopper> {
  const payload = registrationPayload();
  const address = randomAddress();
  const created = await call("POST", "/customers/create-customer", payload, undefined, address);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const login = await call("POST", "/accounts/auth-customer", {
    email: payload.email,
    password: payload.password,
    storeId: 1,
  });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  const token = login.body.auth.token as string;
  const id = created.body.customer.id as string;
  const linked = await call(
    "POST",
    "/students/add-student-to-customer",
    {
      storeId: 1,
      customerId: id,
      RA: STUDENT_RA,
      dtnascimento: demoBirthDate(STUDENT_RA),
      consentVersion: STUDENT_CONSENT_VERSION,
    },
    token,
    address,
  );
  assert.equal(linked.status, 201, JSON.stringify(linked.body));
  return { id, token, studentId: linked.body.student.studentId as string, address };
}

const acknowledged = new Map<string, string>(); // referenceCode → saleId
let failedCalls = 0;
let stopping = false;

/** One shopper buying one item by boleto, again and again, through kills and restarts. */
async function shop(shopper: Shopper, itemTOTVSId: number): Promise<void> {
  while (!stopping) {
    try {
      const saved = await call(
        "POST",
        "/carts/client-add-item-to-cart",
        {
          affiliateId: null,
          storeId: 1,
          customerId: shopper.id,
          bags: [{ studentId: shopper.studentId, cartItems: [{ itemTOTVSId, quantity: 1 }] }],
        },
        shopper.token,
        shopper.address,
      );
      if (saved.status !== 200) throw new Error(`add to cart: ${saved.status} ${JSON.stringify(saved.body)}`);
      const finished = await call(
        "PUT",
        `/carts/finish-cart-by-customer/${shopper.id}/cart/${saved.body.cart.cartId}/store/1`,
        { paymentMethodId: BOLETO, acceptedTerms: true, deliveryDate: null, installments: 1 },
        shopper.token,
        shopper.address,
      );
      if (finished.status >= 200 && finished.status < 300) {
        acknowledged.set(finished.body.finished.referenceCode, finished.body.finished.saleId);
      } else if (finished.status >= 500) {
        throw new Error(`finish: ${finished.status} ${JSON.stringify(finished.body)}`);
      }
    } catch (error) {
      // The server is down (killed) or answered in the middle of dying: try again shortly.
      failedCalls += 1;
      if (!(error instanceof TypeError) && !/fetch failed|ECONNRESET|socket/i.test(String(error))) {
        if (server) throw error;
      }
      await sleep(50);
    }
  }
}

function emlFiles(): string[] {
  return fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((name) => name.endsWith(".eml")) : [];
}

const started = Date.now();
let kills = 0;
try {
  await startServer();
  const db = new SQLite(path.join(dataDir, "store.sqlite"), { readonly: true, fileMustExist: true });
  const item = db
    .prepare(
      `select p.item_totvs_id as id from products p join categories c on c.id = p.category_id
       where p.store_id = 1 and p.type = 'P' and p.sale_price_cents > 0 and c.status = 'enabled'
       order by p.item_totvs_id limit 1`,
    )
    .get() as { id: number };
  const shoppers = await Promise.all(Array.from({ length: CLIENTS }, () => newShopper()));
  const load = shoppers.map((shopper) => shop(shopper, item.id));

  for (; kills < KILLS; kills++) {
    await sleep(LOAD_MS[0]! + random() * (LOAD_MS[1]! - LOAD_MS[0]!));
    await killServer();
    await startServer();
  }
  await sleep(1_000);
  stopping = true;
  await Promise.all(load);

  // Everything queued is sent, including what a killed server had claimed (after its lease).
  let unsent = -1;
  for (let waited = 0; waited < DRAIN_TIMEOUT_MS; waited += 250) {
    unsent = (db.prepare("select count(*) as n from mail_outbox where sent_at is null").get() as { n: number }).n;
    if (unsent === 0) break;
    await sleep(250);
  }
  assert.equal(unsent, 0, "messages left unsent in mail_outbox");

  const liveSales = db.prepare("select reference_code as ref from sales where status in ('pending', 'paid')").all() as {
    ref: string;
  }[];
  const purchaseRows = (
    db.prepare("select count(*) as n from mail_outbox where kind = 'purchase'").get() as { n: number }
  ).n;
  db.close();

  const mailsByReference = new Map<string, number>();
  const files = emlFiles();
  for (const name of files) {
    const eml = fs.readFileSync(path.join(outboxDir, name), "utf8");
    assert.ok(eml.length > 0, `${name} is empty`);
    assert.match(eml, /^Message-ID: </m, `${name} has no Message-ID`);
    // A whole MIME message ends with its closing boundary.
    assert.match(eml.trimEnd(), /--$/, `${name} is cut short`);
    const reference = /^Subject: Pedido (\d+) recebido/m.exec(eml)?.[1];
    assert.ok(reference, `${name} is not a purchase confirmation`);
    mailsByReference.set(reference, (mailsByReference.get(reference) ?? 0) + 1);
  }
  for (const reference of acknowledged.keys())
    assert.equal(mailsByReference.get(reference) ?? 0, 1, `acknowledged sale ${reference}: e-mails`);
  for (const { ref } of liveSales)
    assert.equal(mailsByReference.get(ref) ?? 0, 1, `sale ${ref} in the database: e-mails`);
  assert.equal(files.length, liveSales.length, "one .eml per sale, none for anything else");
  assert.equal(purchaseRows, liveSales.length, "one queued message per sale");
  assert.ok(acknowledged.size >= KILLS * CLIENTS, `too few sales to prove anything (${acknowledged.size})`);

  console.log(
    `mail outbox crash test: ${acknowledged.size} acknowledged sales (${liveSales.length} in the database), ` +
      `${kills} SIGKILLs, ${files.length} confirmation e-mails, ${failedCalls} calls refused while the server was down, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  stopping = true;
  await killServer();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
