/**
 * The list page's result cookie (student-list-result.server.ts): a list of 200 lines, every one
 * sent, fits a cookie (4096 characters) with room to spare, and comes back as it went.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_LINE_RESULTS, type ListLineOutcome } from "#api/contract/material-lists.ts";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { flashListResult, takeListResult } from "./student-list-result.server.ts";

let dataDir: string;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-lista-resultado-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const studentId = crypto.randomUUID();
const list = {
  id: crypto.randomUUID(),
  student: { id: studentId },
  lines: Array.from({ length: 200 }, () => ({ lineId: crypto.randomUUID() })),
};
const MESSAGES = [CART_MESSAGES.secondManual, CART_MESSAGES.secondService];

/** Every line sent, each result in turn; the refused ones with one of two rule messages. */
const outcomes: ListLineOutcome[] = list.lines.map(({ lineId }, index) => {
  const result = LIST_LINE_RESULTS[index % LIST_LINE_RESULTS.length]!;
  return result === "refused" ? { lineId, index, result, message: MESSAGES[index % 2]! } : { lineId, index, result };
});

const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

describe("the list page's result cookie", () => {
  it("holds the outcomes of a 200-line list well under a cookie's 4096 characters", async () => {
    const setCookie = await flashListResult(new Request("http://loja.test/"), { studentId, listId: list.id, outcomes });
    expect(setCookie.length).toBeLessThan(2048);
    const request = new Request("http://loja.test/", { headers: { cookie: cookieOf(setCookie) } });
    expect((await takeListResult(request, list)).outcomes).toEqual(outcomes);
  });

  it("keeps the lines not sent out, and shows nothing on another student's or list's page", async () => {
    const sent = [outcomes[3]!, outcomes[7]!, outcomes[199]!];
    const setCookie = await flashListResult(new Request("http://loja.test/"), {
      studentId,
      listId: list.id,
      outcomes: sent,
    });
    const request = () => new Request("http://loja.test/", { headers: { cookie: cookieOf(setCookie) } });
    expect((await takeListResult(request(), list)).outcomes).toEqual(sent);
    expect((await takeListResult(request(), { ...list, id: crypto.randomUUID() })).outcomes).toBeNull();
    expect((await takeListResult(request(), { ...list, student: { id: crypto.randomUUID() } })).outcomes).toBeNull();
    expect((await takeListResult(request(), null)).outcomes).toBeNull();
  });
});
