// The built store in its own process for the bench and the load test (scripts/bench/index.js,
// scripts/loadtest.js): on a temp DATA_DIR (or DATABASE_URL when given), with WEB_CONCURRENCY
// passed through, and the memory of it and its workers read from /proc.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../tests/fixtures/free-port.ts";

export const root = path.resolve(import.meta.dirname, "../..");

/** Stops the script with a line when the build is missing. */
export function requireBuild(script) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error(`${script}: rode \`npm run build\` antes.`);
    process.exit(1);
  }
}

/** Resolves once `url` answers 2xx; fails when `child` exits first or after `seconds`. */
export async function waitUntilAnswering(url, child, seconds = 120) {
  for (let waited = 0; waited < seconds * 1000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`o processo saiu ao iniciar (código ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} não respondeu em ${seconds} s`);
}

/**
 * Starts server.js with the production settings a measurement needs (no request log, plain
 * HTTP cookies, one proxy hop trusted so each simulated shopper has its own address for the
 * rate limits) and `extraEnv` on top. A fresh SQLite data directory unless DATABASE_URL is set.
 */
export async function startStore(extraEnv = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-medida-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    COOKIE_SECURE: "false",
    TRUST_PROXY: "1",
    SESSION_SECRET: process.env.SESSION_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    ...extraEnv,
  };
  delete env.STORE_API_URL;
  let log = "";
  // BENCH_SERVER_NODE_ARGS: Node flags for the server alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // (NODE_OPTIONS refuses --cpu-prof); with WEB_CONCURRENCY=1 one process does all the work.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "server.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr.on("data", (chunk) => {
    log = (log + chunk.toString()).slice(-4_000);
    // BENCH_SERVER_LOG=1: the server's own lines (a profile's path, a preload's figures) as they come.
    if (process.env.BENCH_SERVER_LOG) process.stderr.write(chunk);
  });
  try {
    await waitUntilAnswering(`${baseUrl}/api/payment-methods/list-payment-methods`, child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${error.message}\n${log}`);
  }
  return {
    baseUrl,
    pid: child.pid,
    dataDir,
    /** RSS in MB of the server and every process under it (node:cluster workers). */
    rssMb: () => treeRssMb(child.pid),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function childrenOf(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").split(" ").filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

function rssKb(pid) {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Each process of the tree under `pid` (itself first, then its node:cluster workers) with its RSS in MB. */
export function processTree(pid) {
  const found = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.shift();
    found.push({ pid: next, rssMb: Math.round(rssKb(next) / 1024) });
    pending.push(...childrenOf(next));
  }
  return found;
}

/** The resident memory of a process and its descendants, in MB (Linux /proc; 0 elsewhere). */
export function treeRssMb(pid) {
  let kb = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop();
    kb += rssKb(next);
    pending.push(...childrenOf(next));
  }
  return Math.round(kb / 1024);
}

/** "2 núcleos (…), Node v24…, carga 1.2": printed above every figure, which depends on it. */
export function machineNote() {
  const cpus = os.cpus();
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
  return `Máquina: ${cpus.length} núcleos (${cpus[0]?.model.trim() ?? "?"}), ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, carga média ${load}. Números absolutos dependem da máquina e da carga: compare razões medidas na mesma execução.`;
}
