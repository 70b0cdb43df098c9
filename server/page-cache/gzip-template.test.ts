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

// Issue 32 (decision 0084): a logged-in shopper's part of a page (name, cart, data) differs in
// length per shopper; the template takes it as a slot of variable length.
describe("a cached page with slots of variable length", () => {
  const PERSONAL = "Q".repeat(30);
  const HEADER = "H".repeat(20);
  const placeholders = { csrf: TOKEN_PLACEHOLDER, nonce: NONCE_PLACEHOLDER, personal: PERSONAL, header: HEADER };
  const variable = new Set(["personal", "header"] as const);
  const html = samplePage()
    .replace("<body>", `<body><header>${HEADER}</header><nav>${HEADER}</nav>`)
    .replace('{"csrf":', `{"personal":"${PERSONAL}","csrf":`);
  const page = pageTemplate(html, placeholders, variable)!;
  const fill = (values: Record<keyof typeof placeholders, string>) =>
    page.kinds.map((kind) => Buffer.from(values[kind]));
  const expected = (values: Record<keyof typeof placeholders, string>) =>
    html
      .replaceAll(TOKEN_PLACEHOLDER, values.csrf)
      .replaceAll(NONCE_PLACEHOLDER, values.nonce)
      .replaceAll(PERSONAL, values.personal)
      .replaceAll(HEADER, values.header);

  it("decompress to the page with each shopper's values, shorter, longer or empty", () => {
    expect(page.gzip.slotKinds.length).toBe(86);
    for (const values of [
      { csrf: "a".repeat(43), nonce: "b".repeat(24), personal: "eyJuYW1lIjoiQW5hIn0", header: "<b>Olá, Ana</b>" },
      {
        csrf: "Zx9_-Qw".repeat(6) + "k",
        nonce: "ab+/cd==".repeat(3),
        personal: "x".repeat(5000),
        header: "<span>Olá, Maria José da Conceição Ávila</span><span>12</span>",
      },
      { csrf: "c".repeat(43), nonce: "d".repeat(24), personal: "", header: "" },
    ]) {
      // gunzip checks the trailer's CRC-32 and length: a wrong one throws.
      expect(gunzipSync(gzipBody(page.gzip, fill(values))).toString()).toBe(expected(values));
      expect(plainBody(page.gzip, fill(values)).toString()).toBe(expected(values));
    }
  });

  it("take a value over a stored block's 65,535 bytes", () => {
    const values = { csrf: "a".repeat(43), nonce: "b".repeat(24), personal: "y".repeat(150_000), header: "h" };
    expect(gunzipSync(gzipBody(page.gzip, fill(values))).toString()).toBe(expected(values));
  });

  it("carry the right CRC-32 whatever the slots' places: adjacent, first, last", () => {
    const values = {
      csrf: "Qz-".repeat(14) + "a",
      nonce: "+/9x".repeat(6),
      personal: "pessoal",
      header: "<i>cabeçalho</i>",
    };
    for (const layout of [
      `${HEADER}${PERSONAL}${TOKEN_PLACEHOLDER}<p>entre</p>${NONCE_PLACEHOLDER}${HEADER}`,
      `<p>só o cabeçalho</p>${HEADER}<i>${HEADER}</i>`,
      `${PERSONAL}`,
    ]) {
      const template = pageTemplate(layout, placeholders, variable)!;
      const body = gzipBody(
        template.gzip,
        template.kinds.map((kind) => Buffer.from(values[kind])),
      );
      expect(gunzipSync(body).toString()).toBe(
        layout
          .replaceAll(TOKEN_PLACEHOLDER, values.csrf)
          .replaceAll(NONCE_PLACEHOLDER, values.nonce)
          .replaceAll(PERSONAL, values.personal)
          .replaceAll(HEADER, values.header),
      );
    }
  });

  it("stay close to the whole page compressed at once", () => {
    const values = {
      csrf: "a".repeat(43),
      nonce: "b".repeat(24),
      personal: "eyJuYW1lIjoiQW5hIn0",
      header: "<b>Ana</b>",
    };
    const whole = gzipSync(expected(values));
    expect(gzipBody(page.gzip, fill(values)).length).toBeLessThan(whole.length + 86 * 100 + 4 * 1024);
  });

  it("still refuse a fixed-length kind's value of another length", () => {
    expect(() =>
      gzipBody(page.gzip, fill({ csrf: "short", nonce: "b".repeat(24), personal: "", header: "" })),
    ).toThrow();
  });
});
