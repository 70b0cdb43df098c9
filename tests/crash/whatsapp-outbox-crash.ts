// The WhatsApp outbox's crash test (issue 31; docs/decisions/0080-whatsapp-channel.md): the
// built server (server.js) with WhatsApp on, against the Cloud API double, which answers each
// send late (so a kill lands while the server waits for Meta) and posts a 'sent' status echoing
// the row's id, as Meta does, until the store answers it. Messages are queued (written to the
// database) while the server runs and while it is down; it is killed with SIGKILL at random
// moments and started again. At the end every message reached the double exactly once: one the
// double took before the kill is settled by the webhook's echo, never sent again; one marked in
// flight that never reached the double is sent again once its wait (IN_FLIGHT_GRACE_MS, moved
// forward here rather than waited for) passes. Needs `npm run build`; the test command runs it
// after the build (scripts/test.sh): `npx node tests/crash/whatsapp-outbox-crash.ts`.
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import SQLite from "better-sqlite3";
import { WHATSAPP_TEMPLATES } from "#api/messages/templates.ts";
import { WHATSAPP_DOUBLE_CREDENTIALS } from "#tests/fixtures/whatsapp-credentials.ts";
import { startWhatsappDouble } from "#tests/fixtures/whatsapp-double.ts";
import { freePort } from "#tests/fixtures/free-port.ts";
import { builtServer, sleep } from "./built-server.ts";
import { seeded } from "./seeded-random.ts";

const KILLS = 5;
/** Queued before each kill, while the server runs, and while it is down. */
const WRITTEN_UP = 8;
const WRITTEN_DOWN = 4;
/** Time the server runs between two kills: a random moment in this range (ms). */
const RUN_MS = [400, 2_000] as const;
/**
 * Longer than a killed server's claim lease and two of the worker's polls (15 s) after it, on a
 * machine busy with the rest of the suite: the resends after the wait are found by a poll. A
 * passing run stops waiting as soon as nothing is queued.
 */
const DRAIN_TIMEOUT_MS = 120_000;
const IN_FLIGHT_GRACE_MS = 15 * 60_000;

const random = seeded(20261128);
const port = await freePort();
const double = await startWhatsappDouble({
  webhookUrl: `http://127.0.0.1:${port}/api/webhooks/whatsapp`,
  autoSent: true,
  answerDelayMs: 150,
});
const store = await builtServer("tests/crash/whatsapp-outbox-crash.ts", {
  PORT: String(port),
  WHATSAPP_PHONE_NUMBER_ID: WHATSAPP_DOUBLE_CREDENTIALS.phoneNumberId,
  WHATSAPP_ACCESS_TOKEN: WHATSAPP_DOUBLE_CREDENTIALS.accessToken,
  WHATSAPP_APP_SECRET: WHATSAPP_DOUBLE_CREDENTIALS.appSecret,
  WHATSAPP_VERIFY_TOKEN: WHATSAPP_DOUBLE_CREDENTIALS.verifyToken,
  WHATSAPP_API_URL: double.url,
  // Never quiet: the messages here are no reminders anyway.
  MESSAGE_QUIET_HOURS: "3-4",
});

const template = WHATSAPP_TEMPLATES["order-received"];
const started = Date.now();
try {
  await store.start();
  const db = new SQLite(store.databaseFile, { fileMustExist: true, timeout: 10_000 });
  const shopper = await store.newShopper();
  // WhatsApp goes only to a customer who opted in: the worker checks it at each send.
  db.prepare("update customers set whatsapp_consent_at = ?, whatsapp_consent_source = 'conta' where id = ?").run(
    new Date().toISOString(),
    shopper.id,
  );
  const insert = db.prepare(
    `insert into whatsapp_messages (id, store_id, kind, customer_id, sale_id, recipient, template, language,
       parameters, quiet_hours, created_at, attempts, next_attempt_at, status)
     values (?, 1, 'order-received', ?, null, '5581999990000', ?, 'pt_BR', ?, 0, ?, 0, ?, 'queued')`,
  );
  const written: string[] = [];
  function write(count: number) {
    for (let n = 0; n < count; n++) {
      const id = crypto.randomUUID();
      const at = new Date().toISOString();
      insert.run(id, shopper.id, template.name, JSON.stringify(template.examples), at, at);
      written.push(id);
    }
  }

  for (let kill = 0; kill < KILLS; kill++) {
    write(WRITTEN_UP);
    await sleep(RUN_MS[0] + random() * (RUN_MS[1] - RUN_MS[0]));
    await store.kill();
    write(WRITTEN_DOWN);
    await store.start();
  }
  write(WRITTEN_UP);

  // The double's 'sent' statuses reach the store once it is up again: what Meta took is settled
  // by its echo. What is still in flight and the double never took never reached Meta (a kill
  // mid-send, or a send that timed out on a machine this busy): its wait is moved forward (as if
  // 15 minutes passed) for the poll. Never one the double took (moving it would send it twice,
  // what the wait is there to prevent), and never one whose claim is held: a send under way, or
  // the server's own first look at it, which may postpone it to its original wait once more;
  // hence again at each look.
  await double.settled();
  // A status the double gave up on would leave a message Meta took looking unsent.
  assert.equal(double.undelivered.length, 0, "webhooks the store never answered");
  const agedOnce = new Set<string>();
  const inFlightUnclaimed = db.prepare(
    `select id, in_flight_at from whatsapp_messages where status = 'queued' and in_flight_at is not null
       and (claimed_until is null or claimed_until < ?)`,
  );
  const age = db.prepare("update whatsapp_messages set in_flight_at = ?, next_attempt_at = ? where id = ?");
  // A send refused for a while (a machine so busy that a connection failed) waits its backoff:
  // moved forward too, as nothing of it is under way.
  const retryNow = db.prepare(
    `update whatsapp_messages set next_attempt_at = ? where status = 'queued' and in_flight_at is null
       and next_attempt_at > ? and (claimed_until is null or claimed_until < ?)`,
  );
  function ageWhatNeverReachedMeta() {
    const now = new Date().toISOString();
    retryNow.run(now, now, now);
    const taken = new Set(double.messages.map((message) => message.callbackData));
    const rows = inFlightUnclaimed.all(now) as { id: string; in_flight_at: string }[];
    for (const row of rows) {
      if (taken.has(row.id)) continue;
      const past = new Date(Date.parse(row.in_flight_at) - IN_FLIGHT_GRACE_MS).toISOString();
      age.run(past, past, row.id);
      agedOnce.add(row.id);
    }
  }

  let queued = -1;
  for (let waited = 0; waited < DRAIN_TIMEOUT_MS; waited += 250) {
    queued = (db.prepare("select count(*) as n from whatsapp_messages where status = 'queued'").get() as { n: number })
      .n;
    if (queued === 0) break;
    if (waited % 2_000 === 0) ageWhatNeverReachedMeta();
    await sleep(250);
  }
  if (queued !== 0) {
    // What the next engineer needs to see why: each row left, and whether the double took it.
    const left = db
      .prepare(
        `select id, attempts, in_flight_at, next_attempt_at, claimed_until, last_error from whatsapp_messages
           where status = 'queued'`,
      )
      .all() as { id: string }[];
    const taken = new Set(double.messages.map((message) => message.callbackData));
    for (const row of left)
      console.error("left queued:", JSON.stringify(row), taken.has(row.id) ? "(double took it)" : "");
  }
  assert.equal(queued, 0, "messages left queued");
  await double.settled();

  const sends = new Map<string, number>();
  for (const message of double.messages)
    sends.set(message.callbackData ?? "", (sends.get(message.callbackData ?? "") ?? 0) + 1);
  for (const id of written) assert.equal(sends.get(id) ?? 0, 1, `message ${id}: sends to Meta`);
  assert.equal(double.messages.length, written.length, "one send per message, none for anything else");
  const rows = db.prepare("select id, status, wamid from whatsapp_messages").all() as {
    id: string;
    status: string;
    wamid: string | null;
  }[];
  const wamidOf = new Map(double.messages.map((message) => [message.callbackData, message.wamid]));
  for (const row of rows) {
    assert.equal(row.status, "sent", `message ${row.id}: status`);
    assert.equal(row.wamid, wamidOf.get(row.id), `message ${row.id}: Meta's id`);
  }
  db.close();

  console.log(
    `WhatsApp outbox crash test: ${written.length} messages, ${KILLS} SIGKILLs, ${agedOnce.size} sent again ` +
      `after their wait, ${double.messages.length} sends to the double, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await store.kill();
  await store.cleanUp();
  await double.close();
}
