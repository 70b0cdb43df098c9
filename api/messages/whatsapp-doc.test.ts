import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TEMPLATE_LANGUAGE, WHATSAPP_TEMPLATES } from "./templates.ts";

// docs/whatsapp.md copies the templates an operator registers at Meta (issue 31): each one's
// name, category and body exactly as the store sends them, so a template changed here is changed
// there too.
const doc = readFileSync(new URL("../../docs/whatsapp.md", import.meta.url), "utf8");

describe("docs/whatsapp.md", () => {
  it.each(Object.values(WHATSAPP_TEMPLATES).map((template) => [template.name, template] as const))(
    "registers %s with its category, body and examples",
    (name, template) => {
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row).toBeDefined();
      expect(row).toContain(`| ${template.category} |`);
      expect(row).toContain(`| ${template.body} |`);
      for (const example of template.examples) expect(row).toContain(example);
    },
  );

  it("names the language the templates are registered in", () => {
    expect(doc).toContain(`\`${TEMPLATE_LANGUAGE}\``);
  });
});
