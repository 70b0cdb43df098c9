// The gestor's command-line tool asked for help or given an option it does not know (issue 25,
// point 24): its usage, never a stack trace. Both answer before the database is opened.
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const runGestor = (...args: string[]) =>
  spawnSync(process.execPath, ["scripts/gestor.ts", ...args], { encoding: "utf8", timeout: 30_000 });

describe("scripts/gestor.ts", () => {
  it.each(["--help", "-h", "help"])("%s prints the usage and exits 0", (flag) => {
    const run = runGestor(flag);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Uso:\n/);
    expect(run.stdout).toContain("scripts/gestor.ts create-staff --email");
    expect(run.stderr).toBe("");
  });

  it("an unknown option names it and prints the usage, without a stack trace", () => {
    const run = runGestor("list-carts", "--mail", "ana@example.com");
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^Opção desconhecida: --mail\n\nUso:\n/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
