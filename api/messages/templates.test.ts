import { describe, expect, it } from "vitest";
import { WHATSAPP_TEMPLATES } from "./templates.ts";

// Meta's template review (issue 31; docs/whatsapp.md, "The templates") rejects a body that
// starts or ends with a variable ("The message template cannot end with a parameter"; a variable
// followed only by punctuation counts as the end), variables out of order or with only spaces or
// punctuation between them, and a body with too many variables for its length: at least 2x+1
// words of fixed text for x variables. A template refused there fails every message it carries,
// so the registry is held to those rules here.
const VARIABLE = /\{\{(\d+)\}\}/g;

describe.each(Object.values(WHATSAPP_TEMPLATES).map((template) => [template.name, template] as const))(
  "template %s",
  (_name, template) => {
    const { body } = template;

    it("starts and ends with fixed text", () => {
      expect(body).not.toMatch(/^[\s\p{P}]*\{\{/u);
      expect(body).not.toMatch(/\}\}[\s\p{P}]*$/u);
    });

    it("numbers its variables 1..n in order, one per parameter and example", () => {
      const numbers = [...body.matchAll(VARIABLE)].map((match) => Number(match[1]));
      expect(numbers).toEqual(template.parameters.map((_, index) => index + 1));
      expect(template.examples).toHaveLength(template.parameters.length);
    });

    it("has words between any two variables", () => {
      const between = body
        .split(VARIABLE)
        .filter((_, index) => index % 2 === 0)
        .slice(1, -1);
      for (const text of between) expect(text).toMatch(/\p{L}/u);
    });

    it("has at least 2x+1 words of fixed text for x variables", () => {
      const words = body
        .replace(VARIABLE, " ")
        .split(/\s+/)
        .filter((word) => /[\p{L}\p{N}]/u.test(word));
      expect(words.length).toBeGreaterThanOrEqual(2 * template.parameters.length + 1);
    });
  },
);
