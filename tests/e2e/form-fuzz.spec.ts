import type { Page } from "@playwright/test";
import { productPath, findProduct } from "./support/catalogue.ts";
import { expect, test } from "./support/fixtures.ts";

// Every form the storefront shows, posted with its own valid token and malformed values: the
// server answers 4xx (or handles it), never 500, never a stack trace, never a huge redirect.
// The forms are read from the pages themselves, so a new form is fuzzed without a new case.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop-no-js", "HTTP-level fuzzing of the forms: one project is enough");
});

interface PageForm {
  action: string;
  fields: [name: string, value: string][];
}

/** The POST forms of the page at `path`, with the values the page filled in (hidden ones included). */
async function postFormsOn(page: Page, path: string): Promise<PageForm[]> {
  await page.goto(path);
  return page.locator('form[method="post" i]').evaluateAll((forms) =>
    forms.map((form) => {
      const element = form as HTMLFormElement;
      const fields: [string, string][] = [];
      // Fields inside the form and those outside it that name it (form="…").
      for (const control of Array.from(element.elements) as HTMLInputElement[]) {
        if (!control.name) continue;
        if ((control.type === "checkbox" || control.type === "radio") && !control.checked) continue;
        fields.push([control.name, control.value]);
      }
      return { action: new URL(element.action).pathname + new URL(element.action).search, fields };
    }),
  );
}

const HOSTILE_VALUES = [
  "",
  "x".repeat(20_000),
  "-1",
  "99999999999999999999999",
  "1e309",
  "NaN",
  "💥 ação\u0000\u202e<script>alert(1)</script>",
  "../../etc/passwd",
  "null",
  '{"$gt":""}',
];

/** One malformed copy of the form per field and hostile value, plus the field doubled and missing. */
function* malformed(form: PageForm): Generator<[string, string][]> {
  for (const [index, [name]] of form.fields.entries()) {
    if (name === "csrf") continue;
    for (const value of HOSTILE_VALUES) {
      yield form.fields.map(([field, original], at) => [field, at === index ? value : original]);
    }
    yield [...form.fields, [name, "repetido"]];
    yield form.fields.filter((_, at) => at !== index);
  }
}

async function fuzz(page: Page, paths: string[]) {
  const seen = new Set<string>();
  let posts = 0;
  for (const path of paths) {
    for (const form of await postFormsOn(page, path)) {
      const signature = `${form.action} ${form.fields.map(([name]) => name).join(",")}`;
      // Logging out would end the fuzzing of the customer's forms.
      if (seen.has(signature) || form.action === "/sair") continue;
      seen.add(signature);
      for (const fields of malformed(form)) {
        const body = new URLSearchParams(fields).toString();
        const reply = await page.request.post(form.action, {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          data: body,
          maxRedirects: 0,
        });
        posts += 1;
        const what = `${form.action} ${body.slice(0, 300)}`;
        expect(reply.status(), what).toBeLessThan(500);
        expect(await reply.text(), what).not.toMatch(/\n\s+at [^\n]+:\d+:\d+/);
        expect(reply.headers().location?.length ?? 0, what).toBeLessThan(2_100);
      }
    }
  }
  return { forms: seen.size, posts };
}

test("a visitor's forms never answer 500 to malformed values", async ({ page, request }) => {
  test.setTimeout(180_000);
  const product = await findProduct(request, (p) => p.TIPO !== "S");
  const { forms, posts } = await fuzz(page, [
    "/?conta=entrar",
    "/?conta=esqueci-a-senha",
    "/registrar",
    "/resetar-senha",
    productPath(product),
    "/?carrinho=aberto",
  ]);
  expect(forms).toBeGreaterThanOrEqual(5);
  expect(posts).toBeGreaterThan(100);
});

test("a customer's forms never answer 500 to malformed values", async ({ page, request, logIn }) => {
  test.setTimeout(180_000);
  await logIn();
  const product = await findProduct(request, (p) => p.TIPO !== "S");
  const { forms, posts } = await fuzz(page, [
    `${productPath(product)}?vinculo=lista`,
    `${productPath(product)}?vinculo=novo`,
    "/conta",
    "/conta?excluir-conta=confirmar",
    "/?carrinho=aberto",
    "/compra",
  ]);
  expect(forms).toBeGreaterThanOrEqual(4);
  expect(posts).toBeGreaterThan(100);
});
