import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compileTemplate, gzipBody, plainBody } from "./gzip-template.ts";
import { pageTemplate } from "./page-template.ts";

const TOKEN_PLACEHOLDER = "P".repeat(43);
const NONCE_PLACEHOLDER = "N".repeat(24);

/** A page like the store's: repeated markup around tokens and nonces, larger than deflate's window. */
function samplePage(): string {
  const description = (i: number) =>
    Array.from({ length: 60 }, (_, word) => `palavra${(i * 7919 + word * 104729) % 997}`).join(" ");
  const card = (i: number) =>
    `<li class="card"><a href="/produto/papelaria/item-${i}">Caderno ${i}</a><p>${description(i)}</p><form method="post"><input type="hidden" name="csrf" value="${TOKEN_PLACEHOLDER}"/><button>Adicionar</button></form></li>`;
  const cards = Array.from({ length: 80 }, (_, i) => card(i)).join("");
  return `<!DOCTYPE html><html><head><script nonce="${NONCE_PLACEHOLDER}">1</script></head><body><ul>${cards}</ul><script nonce="${NONCE_PLACEHOLDER}">window.__ctx={"csrf":"${TOKEN_PLACEHOLDER}"}</script></body></html>`;
}

describe("a cached page's gzip segments", () => {
  const html = samplePage();
  const page = pageTemplate(html, { csrf: TOKEN_PLACEHOLDER, nonce: NONCE_PLACEHOLDER });
  const visitor = (token: string, nonce: string) =>
    page!.kinds.map((kind) => Buffer.from(kind === "csrf" ? token : nonce));
  const expected = (token: string, nonce: string) =>
    html.replaceAll(TOKEN_PLACEHOLDER, token).replaceAll(NONCE_PLACEHOLDER, nonce);

  it("decompress to the plain render with this visitor's token and nonce", () => {
    expect(page?.gzip.slotKinds.length).toBe(83);
    for (const [token, nonce] of [
      ["a".repeat(43), "b".repeat(24)],
      ["Zx9_-Qw".repeat(6) + "k", "ab+/cd==".repeat(3)],
    ] as const) {
      const body = gzipBody(page!.gzip, visitor(token, nonce));
      expect(gunzipSync(body).toString()).toBe(expected(token, nonce));
      expect(plainBody(page!.gzip, visitor(token, nonce)).toString()).toBe(expected(token, nonce));
    }
  });

  it("carry the right CRC-32 and length whatever the slots' places: adjacent, first, last, one kind only", () => {
    const placeholders = { csrf: TOKEN_PLACEHOLDER, nonce: NONCE_PLACEHOLDER };
    const token = "Qz-".repeat(14) + "a";
    const nonce = "+/9x".repeat(6);
    for (const layout of [
      `${TOKEN_PLACEHOLDER}${NONCE_PLACEHOLDER}<p>entre</p>${NONCE_PLACEHOLDER}`,
      `<p>só formulários</p>${TOKEN_PLACEHOLDER}<i>${TOKEN_PLACEHOLDER}</i>`,
      "<p>sem nenhum espaço</p>",
    ]) {
      const template = pageTemplate(layout, placeholders)!;
      const values = template.kinds.map((kind) => Buffer.from(kind === "csrf" ? token : nonce));
      // gunzip checks the trailer's CRC-32 and length: a wrong one throws.
      expect(gunzipSync(gzipBody(template.gzip, values)).toString()).toBe(
        layout.replaceAll(TOKEN_PLACEHOLDER, token).replaceAll(NONCE_PLACEHOLDER, nonce),
      );
    }
  });

  it("cost little more than the whole page compressed at once", () => {
    const body = gzipBody(page!.gzip, visitor("a".repeat(43), "b".repeat(24)));
    const whole = gzipSync(expected("a".repeat(43), "b".repeat(24)));
    // Per slot: its stored block (5 bytes and the value) and the next segment's block header.
    expect(body.length).toBeLessThan(whole.length + 83 * 100);
  });

  it("refuse values of another length, which would shift the back-references", () => {
    expect(() => gzipBody(page!.gzip, visitor("short", "b".repeat(24)))).toThrow();
  });

  it("are not made for a page with a zero byte (a slot's filler in the dictionary)", () => {
    expect(compileTemplate([Buffer.from("a\0b")], [], [])).toBeNull();
    expect(pageTemplate(`x\0${TOKEN_PLACEHOLDER}`, { csrf: TOKEN_PLACEHOLDER, nonce: NONCE_PLACEHOLDER })).toBeNull();
  });
});
