// What the crash tests share (tests/crash/*.ts): the built server (server.js) started on a fresh
// SQLite data directory, or a fresh PostgreSQL database on the server of `postgresServerUrl`, and
// killed with SIGKILL, and shoppers calling its store API over HTTP.
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { openDatabase, type StoreDatabase } from "#db/client.ts";
import { METHOD, testCard } from "#tests/fixtures/carts.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { freePort } from "#tests/fixtures/free-port.ts";
import { randomAddress, registrationPayload } from "#tests/fixtures/customers.ts";

const STUDENT_RA = "20250003";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Reply {
  status: number;
  body: any;
}

export interface Shopper {
  id: string;
  token: string;
  studentId: string;
  address: string;
}

/**
 * The built server on a fresh data directory (SQLite, .eml outbox, no request log), or on a fresh
 * database of the PostgreSQL server `postgresServerUrl`, with `extraEnv` on top; `script` names
 * the caller in the message when the build is missing. A DATABASE_URL in `extraEnv` is another
 * server's database (`databaseUrl`), and a PORT there its own port: two servers, one store.
 */
export async function builtServer(script: string, extraEnv: NodeJS.ProcessEnv = {}, postgresServerUrl?: string) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error(`${script}: run \`npm run build\` first`);
    process.exit(1);
  }
  const port = Number(extraEnv.PORT) || Number(process.env.CRASH_TEST_PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-crash-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
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
  delete env.SMTP_URL;
  delete env.DATABASE_URL;
  delete env.STORE_API_URL;
  const postgres = postgresServerUrl ? await createPostgresDatabase(postgresServerUrl) : null;
  if (postgres) env.DATABASE_URL = postgres.url;
  Object.assign(env, extraEnv);
  const databaseUrl = env.DATABASE_URL;

  let server: ChildProcess | null = null;
  let serverLog = "";

  async function start(): Promise<void> {
    const child = spawn(process.execPath, ["server.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
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

  async function kill(): Promise<void> {
    const child = server;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
    server = null;
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

  /** A new customer, logged in, with a demo student linked by RA. */
  async function newShopper(): Promise<Shopper> {
    const payload = registrationPayload();
    const address = randomAddress();
    const created = await call("POST", "/customers/create-customer", payload, undefined, address);
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const login = await call(
      "POST",
      "/accounts/auth-customer",
      { email: payload.email, password: payload.password, storeId: 1 },
      undefined,
      address,
    );
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

  /** The shopper's cart saved with one unit of each item (POST /carts/client-add-item-to-cart). */
  const addToCart = (shopper: Shopper, ...itemTOTVSIds: number[]) =>
    call(
      "POST",
      "/carts/client-add-item-to-cart",
      {
        affiliateId: null,
        storeId: 1,
        customerId: shopper.id,
        bags: [
          {
            studentId: shopper.studentId,
            cartItems: itemTOTVSIds.map((itemTOTVSId) => ({ itemTOTVSId, quantity: 1 })),
          },
        ],
      },
      shopper.token,
      shopper.address,
    );

  /** "Finalizar compra" by boleto, or by an approved card of the sandbox gateway. */
  const finish = (shopper: Shopper, cartId: string, payment: Record<string, unknown>) =>
    call(
      "PUT",
      `/carts/finish-cart-by-customer/${shopper.id}/cart/${cartId}/store/1`,
      { acceptedTerms: true, deliveryDate: null, installments: 1, ...payment },
      shopper.token,
      shopper.address,
    );
  const finishByBoleto = (shopper: Shopper, cartId: string) =>
    finish(shopper, cartId, { paymentMethodId: METHOD.boleto });
  const finishByCard = (shopper: Shopper, cartId: string) =>
    finish(shopper, cartId, { paymentMethodId: METHOD.credit, ...testCard() });

  let refusedCalls = 0;
  /**
   * One shopper buying one unit of the item by `pay`, again and again until `stopping()`, through
   * kills and restarts; `acknowledged` gets every finish the API answered (its `finished` reply).
   */
  async function shop(
    shopper: Shopper,
    itemTOTVSId: number,
    pay: "boleto" | "card",
    acknowledged: (finished: { saleId: string; referenceCode: string; statusCode: string }) => void,
    stopping: () => boolean,
  ): Promise<void> {
    while (!stopping()) {
      try {
        const saved = await addToCart(shopper, itemTOTVSId);
        if (saved.status !== 200) throw new Error(`add to cart: ${saved.status} ${JSON.stringify(saved.body)}`);
        const cartId = saved.body.cart.cartId as string;
        const finished = pay === "card" ? await finishByCard(shopper, cartId) : await finishByBoleto(shopper, cartId);
        if (finished.status >= 200 && finished.status < 300) acknowledged(finished.body.finished);
        else if (finished.status >= 500) throw new Error(`finish: ${finished.status} ${JSON.stringify(finished.body)}`);
      } catch (error) {
        // The server is down (killed) or answered in the middle of dying: try again shortly.
        refusedCalls += 1;
        if (!(error instanceof TypeError) && !/fetch failed|ECONNRESET|socket/i.test(String(error))) {
          if (server !== null) throw error;
        }
        await sleep(50);
      }
    }
  }

  /**
   * The shoppers buying, each its item (`itemOf(its index)`) by `payOf(its index)`, while the server is killed `kills`
   * times, each after a moment of load drawn from `loadMs` by `random`, and started again; then a
   * second more of load. `acknowledged` gets every finish the API answered.
   */
  async function checkoutsThroughKills(options: {
    shoppers: Shopper[];
    itemOf: (index: number) => number;
    payOf: (index: number) => "boleto" | "card";
    acknowledged: (finished: { saleId: string; referenceCode: string; statusCode: string }) => void;
    kills: number;
    loadMs: readonly [number, number];
    random: () => number;
  }): Promise<void> {
    let stopping = false;
    const load = options.shoppers.map((shopper, index) =>
      shop(shopper, options.itemOf(index), options.payOf(index), options.acknowledged, () => stopping),
    );
    const [shortest, longest] = options.loadMs;
    try {
      for (let round = 0; round < options.kills; round++) {
        await sleep(shortest + options.random() * (longest - shortest));
        await kill();
        await start();
      }
      await sleep(1_000);
    } finally {
      stopping = true;
      await Promise.all(load);
    }
  }

  return {
    dataDir,
    outboxDir: path.join(dataDir, "outbox"),
    databaseFile: path.join(dataDir, "store.sqlite"),
    /** The store's database, whichever it is (close it before cleanUp). */
    openDatabase: (): Promise<StoreDatabase> => openDatabase({ dataDir, databaseUrl }),
    /** The PostgreSQL database's address; undefined on SQLite. */
    databaseUrl,
    dialect: databaseUrl ? "PostgreSQL" : "SQLite",
    start,
    kill,
    /** Whether a server process is running now. */
    running: () => server !== null,
    call,
    newShopper,
    addToCart,
    finishByBoleto,
    checkoutsThroughKills,
    /** Calls refused while the server was down (or dying). */
    refusedCalls: () => refusedCalls,
    cleanUp: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    },
  };
}

/** The first physical product with a price in an enabled category: what the crash tests buy. */
export const PAID_ITEM_SQL = `select p.item_totvs_id as id from products p join categories c on c.id = p.category_id
  where p.store_id = 1 and p.type = 'P' and p.sale_price_cents > 0 and c.status = 'enabled'
  order by p.item_totvs_id limit 1`;
