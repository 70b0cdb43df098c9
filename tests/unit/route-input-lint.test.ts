/**
 * A route parses its input with validated(endpoint) where it is declared, never by naming the
 * contract's schema in its handler again (issue 26, docs/decisions/0052): `npm run lint` fails on
 * `parseInput(endpoint.body, …)` in api/. The project's own eslint.config.js lints the line as if
 * it stood in a route file.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });
const IN_ROUTES = "api/carts/routes.ts";

async function syntaxProblems(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import { parseInput } from "../validation.ts";\nimport { carts } from "../contract/carts.ts";\n${code}\n`,
    { filePath: IN_ROUTES },
  );
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("the rule against parsing a contract schema in a handler", () => {
  // The first lint builds the typed parser's program of the whole project: seconds on a busy machine.
  beforeAll(() => eslint.lintText("", { filePath: IN_ROUTES }), 120_000);

  it.each([
    "export const data = parseInput(carts.saveCart.body, {});",
    "export const data = parseInput(carts.finishCart.params, {});",
    "const { finishCart } = carts;\nexport const data = parseInput(finishCart.body, {});",
  ])("refuses %s", async (code) => {
    const problems = await syntaxProblems(code);
    expect(problems).toEqual([expect.stringContaining("validated(endpoint)")]);
  });

  it("lets a route parse with a schema of its own (the guest cart's store, before its body)", async () => {
    const code =
      'import { storeIdOfPath } from "../contract/fields.ts";\nexport const data = parseInput(storeIdOfPath, {});';
    expect(await syntaxProblems(code)).toEqual([]);
  });
});
