import { compileTemplate, type GzipTemplate } from "./gzip-template.ts";

/** What fills a slot of a cached page in each response. */
export type SlotName = "csrf" | "nonce";

export interface PageTemplate<Kind extends string = SlotName> {
  gzip: GzipTemplate;
  /** The kinds of slot, in the order gzipBody and plainBody take their values. */
  kinds: Kind[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A page cut at its placeholders: the text between them and which slot each one is. Where two
 * placeholders could match at one place, the one named first in `placeholders` wins.
 */
export function splitPage<Kind extends string>(
  html: string,
  placeholders: Record<Kind, string>,
): { statics: string[]; slots: Kind[] } {
  const names = Object.keys(placeholders) as Kind[];
  const byValue = new Map<string, Kind>(names.map((name) => [placeholders[name], name]));
  const pattern = new RegExp(names.map((name) => escapeRegExp(placeholders[name])).join("|"), "g");
  const statics: string[] = [];
  const slots: Kind[] = [];
  let from = 0;
  for (const match of html.matchAll(pattern)) {
    statics.push(html.slice(from, match.index));
    slots.push(byValue.get(match[0]) as Kind);
    from = match.index + match[0].length;
  }
  statics.push(html.slice(from));
  return { statics, slots };
}

/**
 * Cuts a page rendered with placeholders into static segments around its slots: the CSRF
 * placeholder (every form, the root loader's data) and the nonce placeholder (every script).
 * Null when the page cannot be a template (a zero byte, see compileTemplate).
 *
 * Kinds in `variable` take values of any length in each response (a logged-in shopper's part of
 * the page, issue 32, decision 0084); the others must have their placeholder's length.
 */
export function pageTemplate<Kind extends string = SlotName>(
  html: string,
  placeholders: Record<Kind, string>,
  variable: ReadonlySet<Kind> = new Set(),
): PageTemplate<Kind> | null {
  const names = Object.keys(placeholders) as Kind[];
  const { statics, slots } = splitPage(html, placeholders);
  const gzip = compileTemplate(
    statics.map((text) => Buffer.from(text)),
    slots.map((slot) => names.indexOf(slot)),
    names.map((name) => (variable.has(name) ? null : Buffer.byteLength(placeholders[name]))),
  );
  return gzip ? { gzip, kinds: names } : null;
}
