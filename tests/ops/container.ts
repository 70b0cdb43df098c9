// The container image (Dockerfile) built and started, its probes asked, and stopped gracefully,
// when a Docker engine answers (`docker info`); otherwise one line says it is skipped and why.
// The test command runs it (scripts/test.sh, `npm run test:ops`): `npx node tests/ops/container.ts`.
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const IMAGE = "loja-escolar:ops-test";

const engine = spawnSync("docker", ["info", "--format", "{{.ServerVersion}}"], { encoding: "utf8" });
if (engine.error || engine.status !== 0) {
  const why = engine.error ? "o comando docker não existe" : (engine.stderr.trim().split("\n")[0] ?? "sem resposta");
  console.log(`container: ignorado, nenhum Docker Engine disponível (${why}).`);
  process.exit(0);
}

const docker = (...args: string[]) =>
  execFileSync("docker", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] }).trim();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`container: Docker ${engine.stdout.trim()}; construindo ${IMAGE}…`);
docker("build", "--quiet", "--tag", IMAGE, ".");
// SQLite in the volume, two workers, a port Docker picks on loopback.
const id = docker(
  "run",
  "--detach",
  "--publish",
  "127.0.0.1::3000",
  "--env",
  "PUBLIC_URL=http://localhost:3000",
  "--env",
  "SESSION_SECRET=container-test-secret-not-for-production-0123",
  "--env",
  "WEB_CONCURRENCY=2",
  IMAGE,
);
try {
  const published = docker("port", id, "3000/tcp").split("\n")[0]!;
  const url = `http://${published}`;
  let health: Response | undefined;
  for (let waited = 0; waited < 120_000 && !health?.ok; waited += 500) {
    health = await fetch(`${url}/healthz`).catch(() => undefined);
    if (!health?.ok) await sleep(500);
  }
  assert.equal(health?.status, 200, "the container never answered /healthz");
  const ready = await fetch(`${url}/readyz`);
  assert.equal(ready.status, 200, await ready.text());
  assert.notEqual(docker("exec", id, "id", "-u"), "0", "the store runs as root");
  // Docker's own HEALTHCHECK (every 10 s) reaches "healthy".
  let status = "";
  for (let waited = 0; waited < 60_000 && status !== "healthy"; waited += 1_000) {
    status = docker("inspect", "--format", "{{.State.Health.Status}}", id);
    if (status !== "healthy") await sleep(1_000);
  }
  assert.equal(status, "healthy");
  docker("stop", "--time", "15", id);
  assert.equal(docker("inspect", "--format", "{{.State.ExitCode}}", id), "0", "SIGTERM did not end the store cleanly");
  console.log("container: /healthz, /readyz, HEALTHCHECK e encerramento com SIGTERM ok");
} finally {
  spawnSync("docker", ["rm", "--force", "--volumes", id], { stdio: "ignore" });
}
