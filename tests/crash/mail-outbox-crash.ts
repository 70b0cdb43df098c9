// The mail outbox's crash test (docs/decisions/0020-mail-outbox.md): under checkout load, the
// built server (server.js, with the .eml outbox) is killed with SIGKILL at random moments and
// started again; at the end, every sale the API acknowledged has exactly one confirmation
// e-mail, every sale in the database too, no .eml file is empty or partial, no temporary file is
// left and no message is left unsent. Prints the figures. Needs `npm run build`; the test command
// runs it after the build (scripts/test.sh): `npx node tests/crash/mail-outbox-crash.ts`.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { builtServer, PAID_ITEM_SQL, sleep } from "./built-server.ts";
import { seeded } from "./seeded-random.ts";

const KILLS = 5;
const CLIENTS = 6;
/** Load between two kills: a random moment in this range (ms), from a seeded generator. */
const LOAD_MS = [800, 3_000] as const;
/** Longer than the .eml mailer's lease (15 s): a message claimed by a killed server is sent again after it. */
const DRAIN_TIMEOUT_MS = 60_000;

const random = seeded(20261123);

const store = await builtServer("tests/crash/mail-outbox-crash.ts");
const { outboxDir } = store;

const acknowledged = new Map<string, string>(); // referenceCode → saleId

function emlFiles(): string[] {
  return fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((name) => name.endsWith(".eml")) : [];
}

const started = Date.now();
try {
  await store.start();
  const db = new SQLite(store.databaseFile, { readonly: true, fileMustExist: true });
  const item = db.prepare(PAID_ITEM_SQL).get() as { id: number };
  const shoppers = await Promise.all(Array.from({ length: CLIENTS }, () => store.newShopper()));
  await store.checkoutsThroughKills({
    shoppers,
    itemOf: () => item.id,
    payOf: () => "boleto",
    acknowledged: (finished) => acknowledged.set(finished.referenceCode, finished.saleId),
    kills: KILLS,
    loadMs: LOAD_MS,
    random,
  });

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
  // Each kill mid-write left a hidden temporary; the resend of its message took it (issue 25, point 24).
  const temporaries = fs.readdirSync(outboxDir).filter((name) => name.endsWith(".tmp"));
  assert.deepEqual(temporaries, [], "temporary files left in the outbox");
  assert.equal(purchaseRows, liveSales.length, "one queued message per sale");
  assert.ok(acknowledged.size >= KILLS * CLIENTS, `too few sales to prove anything (${acknowledged.size})`);

  console.log(
    `mail outbox crash test: ${acknowledged.size} acknowledged sales (${liveSales.length} in the database), ` +
      `${KILLS} SIGKILLs, ${files.length} confirmation e-mails, ${store.refusedCalls()} calls refused while the server was down, ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await store.kill();
  await store.cleanUp();
}
