// `node server.js` on the machine's older Node (issue 25, point 22): one line saying which Node the
// store needs and that `npm start` brings it, instead of ERR_UNKNOWN_FILE_EXTENSION on a .ts file.
// Needs no build: the check runs before server.js loads anything else.
// `npx node --test tests/ops/node-version.test.ts`.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const projectNode: string = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).devDependencies.node;
const major = (version: string) => Number(version.replace(/^v/, "").split(".")[0]);

/** The machine's own Node (Debian's), when it is older than the project's. */
const SYSTEM_NODE = process.env.OLD_NODE_PATH ?? "/usr/bin/node";
const systemMajor = fs.existsSync(SYSTEM_NODE)
  ? major(spawnSync(SYSTEM_NODE, ["--version"], { encoding: "utf8" }).stdout.trim())
  : null;
const olderNode = systemMajor !== null && systemMajor < major(projectNode);

void test(
  "server.js on an older Node says in one line which Node it needs and that npm start brings it",
  { skip: olderNode ? false : `${SYSTEM_NODE} is not older than Node ${projectNode}` },
  () => {
    const run = spawnSync(SYSTEM_NODE, ["server.js"], { cwd: root, encoding: "utf8", timeout: 30_000 });
    assert.equal(run.status, 1);
    assert.equal(run.stdout, "");
    const [line, ...more] = run.stderr.trim().split("\n");
    assert.deepEqual(more, [], run.stderr);
    assert.match(line!, new RegExp(`precisa do Node ${major(projectNode)} ou mais novo`));
    assert.match(line!, /npm start/);
    assert.doesNotMatch(run.stderr, /ERR_UNKNOWN_FILE_EXTENSION/);
  },
);

void test("the project's own Node passes the check", () => {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", 'await import("./server/node-version.js")'], {
    cwd: root,
    encoding: "utf8",
  });
  assert.equal(run.status, 0, run.stderr);
  assert.equal(run.stderr, "");
});

void test("a Node 24 without node:crypto's Argon2id (older than 24.7) is stopped with one line too", () => {
  // The project's Node with crypto.argon2 taken away before the check runs, as 24.0–24.6 are.
  const withoutArgon2 = 'data:text/javascript,import crypto from "node:crypto"; delete crypto.argon2;';
  const run = spawnSync(
    process.execPath,
    ["--import", withoutArgon2, "--input-type=module", "-e", 'await import("./server/node-version.js")'],
    { cwd: root, encoding: "utf8" },
  );
  assert.equal(run.status, 1);
  const [line, ...more] = run.stderr.trim().split("\n");
  assert.deepEqual(more, [], run.stderr);
  assert.match(line!, /precisa do Node 24\.7 ou mais novo/);
  assert.match(line!, /npm start/);
});
