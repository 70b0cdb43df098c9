// The roster import's times (issue 27: a 20,000-row file previewed and applied in under 60 s on
// SQLite and on PostgreSQL). `npm run bench -- --roster` (scripts/bench/index.js) runs the import's own code in process on a
// fresh demo store: SQLite in a temporary DATA_DIR, then PostgreSQL when BENCH_DATABASE_URL names a
// server (a database of its own is created there and dropped), for example the throwaway cluster:
//   source scripts/postgres-cluster.sh && start_postgres_cluster && \
//     BENCH_DATABASE_URL=$POSTGRES_SERVER_URL npm run bench -- --roster
// (that cluster runs with fsync=off: the figures say so). Prints parse and checks, preview, the
// import of new students, the same file again, a file with 1,000 changed rows and 500 missing,
// and the longest a read of another request waited during each import. Prints; asserts nothing.
// BENCH_ROSTER_ROWS sets the file's size (20,000).
//
// Runs under plain Node (type stripping): no TypeScript-only syntax.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { readRosterCsv } from "#api/gestor/roster/roster-csv.ts";
import { importRoster, previewRoster } from "#api/gestor/roster/service.ts";
import { migrateToLatest, openDatabase } from "#db/client.ts";
import { seedDemoData } from "#db/seed/index.ts";
import { createPostgresDatabase } from "#tests/fixtures/postgres-database.ts";
import { rosterCsv, rosterRecords } from "#tests/fixtures/roster-csv.ts";

const ROWS = Number(process.env.BENCH_ROSTER_ROWS ?? 20_000);
const NOW = new Date("2026-03-10T12:00:00.000Z");
const ACTOR = { kind: "cli" } as const;

const seconds = (ms: number) => (ms / 1000).toFixed(2).replace(".", ",");

async function timed<T>(work: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/**
 * Reads a product every 20 ms while `work` runs, as another request of the same process would:
 * the longest it waited past its turn (the import's transaction and its computing hold it back).
 */
async function withReader<T>(db: Awaited<ReturnType<typeof openDatabase>>, work: () => Promise<T>) {
  const PAUSE_MS = 20;
  let running = true;
  let worstMs = 0;
  const reader = (async () => {
    while (running) {
      const due = performance.now();
      await db.selectFrom("products").select("id").limit(1).execute();
      worstMs = Math.max(worstMs, performance.now() - due);
      const paused = performance.now();
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      worstMs = Math.max(worstMs, performance.now() - paused - PAUSE_MS);
    }
  })();
  try {
    const result = await work();
    running = false;
    // A read still waiting for the connection when the work ends counts too.
    await reader;
    return { ...result, worstMs };
  } finally {
    running = false;
  }
}

async function figures(label: string, databaseUrl: string | undefined) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-bench-roster-"));
  const postgres = databaseUrl ? await createPostgresDatabase(databaseUrl) : null;
  const db = await openDatabase({ dataDir, databaseUrl: postgres?.url });
  try {
    await migrateToLatest(db);
    await seedDemoData(db, { now: NOW });
    let setting = "";
    if (postgres) {
      const { rows } = await sql<{ fsync: string }>`show fsync`.execute(db);
      setting = ` (fsync=${rows[0]?.fsync})`;
    }
    const deps = { db, now: () => NOW };
    const records = rosterRecords({ rows: ROWS, seed: 20261127 });
    const csv = rosterCsv(records);
    const changed = records.slice(500).map((record, index) => (index < 1000 ? { ...record, TURMA: "Z" } : record));

    const rows: Record<string, string>[] = [];
    const parse = await timed(() => readRosterCsv(csv));
    rows.push({
      etapa: "leitura e validação",
      segundos: seconds(parse.ms),
      resultado: `${parse.value.rows.length} linhas`,
    });

    const steps: [string, string][] = [
      ["todos novos", csv],
      ["mesmo arquivo de novo", csv],
      ["1.000 alterados, 500 ausentes", rosterCsv(changed)],
    ];
    for (const [name, file] of steps) {
      const preview = await timed(() => previewRoster(deps, 1, { csv: file, fileName: "bench.csv" }, ACTOR));
      const upload = preview.value.upload;
      if (!upload) throw new Error(`a prévia encontrou erros: ${preview.value.errors[0]?.text}`);
      const applied = await withReader(db, () =>
        timed(() => importRoster(deps, 1, { uploadId: upload.id, sha256: upload.sha256 }, ACTOR)),
      );
      const { created, updated, reenrolled, unchanged, notEnrolled } = applied.value.counts;
      rows.push(
        { etapa: `prévia: ${name}`, segundos: seconds(preview.ms), resultado: "" },
        {
          etapa: `importação: ${name}`,
          segundos: seconds(applied.ms),
          resultado: `${created} novos, ${updated} alterados, ${reenrolled} de novo, ${unchanged} iguais, ${notEnrolled} não matriculados; leitura esperou até ${Math.round(applied.worstMs)} ms`,
        },
      );
    }
    console.log(
      `\n${label}${setting}: ${ROWS.toLocaleString("pt-BR")} alunos, arquivo de ${(csv.length / 2 ** 20).toFixed(1)} MB`,
    );
    console.table(rows);
  } finally {
    await db.destroy();
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await figures("SQLite", undefined);
if (process.env.BENCH_DATABASE_URL) await figures("PostgreSQL", process.env.BENCH_DATABASE_URL);
else console.log("\nPostgreSQL: defina BENCH_DATABASE_URL para medir também.");
