/**
 * `npm run lint` fails on an import that runs back up the layers core <- db <- api <- app
 * (issue 26, docs/architecture.md): ESLint, with the project's own eslint.config.js, lints a line
 * of code as if it stood in a file of each layer. lintText does not read the file; a real path
 * lets the typed parser find it in the project.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

const IN_CORE = "core/money.ts";
const IN_DB = "db/client.ts";
const IN_API = "api/app.ts";
const IN_MIGRATION = "db/migrations/0001-catalogue-and-people.ts";
const IN_APP_LIB = "app/lib/pagination.ts";
const IN_APP_SERVER = "app/.server/session.server.ts";
const IN_USE_FORM = "app/ui/use-form.ts";
const IN_FEATURE = "app/features/cart/cart.server.ts";

/** The messages of the import rule for `code` placed in `filePath`. */
async function importProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = imported;\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("the layers' import rule", () => {
  // The first lint builds the typed parser's program of the whole project: seconds on a busy machine.
  beforeAll(() => eslint.lintText("", { filePath: IN_CORE }), 120_000);

  it.each([
    [IN_CORE, "#app/lib/pagination.ts", "core/ holds the rules every layer shares"],
    [IN_CORE, "#api/contract/orders.ts", "core/ holds the rules every layer shares"],
    [IN_CORE, "#db/schema.ts", "core/ holds the rules every layer shares"],
    [IN_CORE, "../app/lib/pagination.ts", "core/ holds the rules every layer shares"],
    [IN_DB, "#app/lib/pagination.ts", "db/ sits under the API and the storefront"],
    [IN_DB, "#api/contract/orders.ts", "db/ sits under the API and the storefront"],
    [IN_DB, "../api/contract/orders.ts", "db/ sits under the API and the storefront"],
    [IN_API, "#app/lib/pagination.ts", "api/ sits under the storefront"],
    [IN_API, "../app/lib/pagination.ts", "api/ sits under the storefront"],
    [IN_APP_LIB, "#app/features/accounts/account-schemas.ts", "app/lib, app/ui and app/.server are shared"],
    [IN_APP_SERVER, "../features/cart/cart.server.ts", "app/lib, app/ui and app/.server are shared"],
    [IN_APP_SERVER, "#app/routes/purchase-complete.tsx", "app/lib, app/ui and app/.server are shared"],
    [IN_USE_FORM, "#app/layout/shell.server.ts", "app/lib, app/ui and app/.server are shared"],
  ])("refuses in %s an import of %s", async (filePath, source, message) => {
    const problems = await importProblems(filePath, `import { imported } from "${source}";`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it("refuses a re-export that runs back up as well", async () => {
    const problems = await importProblems(
      IN_API,
      `import { imported } from "#core/money.ts";\nexport * from "#app/lib/pagination.ts";`,
    );
    expect(problems).toEqual([expect.stringContaining("api/ sits under the storefront")]);
  });

  it.each([
    [IN_DB, "#core/money.ts"],
    [IN_API, "#core/money.ts"],
    [IN_API, "#db/schema.ts"],
    [IN_API, "../contract/orders.ts"],
    [IN_CORE, "./dates.ts"],
    [IN_FEATURE, "#app/lib/pagination.ts"],
    [IN_FEATURE, "#app/features/students/student-schemas.ts"],
  ])("lets %s import %s, a layer below or its own", async (filePath, source) => {
    expect(await importProblems(filePath, `import { imported } from "${source}";`)).toEqual([]);
  });

  it("keeps the forms' rule in app's shared parts: Conform's useForm is still refused there", async () => {
    const problems = await importProblems(
      "app/ui/modal.tsx",
      `import { useForm as imported } from "@conform-to/react";`,
    );
    expect(problems).toEqual([expect.stringContaining("Use useForm from #app/ui/use-form.ts")]);
  });

  it("keeps the migrations' stricter rule: a migration imports not even core/", async () => {
    const problems = await importProblems(IN_MIGRATION, `import { imported } from "#core/money.ts";`);
    expect(problems).toEqual([expect.stringContaining("A migration imports only kysely")]);
  });
});
