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
  const byValue = new Map<string, Kind>(names.map((name) => [placeholders[name], name]));
  const pattern = new RegExp(names.map((name) => escapeRegExp(placeholders[name])).join("|"), "g");
  const statics: Buffer[] = [];
  const slots: Kind[] = [];
  let from = 0;
  for (const match of html.matchAll(pattern)) {
    statics.push(Buffer.from(html.slice(from, match.index)));
    slots.push(byValue.get(match[0]) as Kind);
    from = match.index + match[0].length;
  }
  statics.push(Buffer.from(html.slice(from)));
  const gzip = compileTemplate(
    statics,
    slots.map((slot) => names.indexOf(slot)),
    names.map((name) => (variable.has(name) ? null : Buffer.byteLength(placeholders[name]))),
  );
  return gzip ? { gzip, kinds: names } : null;
}
