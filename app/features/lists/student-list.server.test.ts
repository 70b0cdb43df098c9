/**
 * A student's material list through the storefront's own loader and action, against the bundled
 * API and the demo lists: the form's refusals keep what was chosen and send nothing; a post comes
 * back to the page with each line's outcome, shown once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MATERIAL_LIST_MESSAGES, type StudentMaterialList } from "#api/contract/material-lists.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import {
  actionReply,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { BUY, SKIP, studentListPath } from "./student-list-schema.ts";
import { loadStudentList, studentListAction } from "./student-list.server.ts";

let dataDir: string;
let customer: LoggedInCustomer;
let beatriz: string;
let list: StudentMaterialList;

const api = () => storeApiFor(storefrontGet(customer.cookie), customer.token);
const lineOf = (title: string) => list.lines.find((line) => line.title === title)!;
const BERMUDA = "Bermuda Tactel de Educação Física";
const GLUE = "Cola Branca Lavável 90 g";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-lista-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  customer = await signUpAndLogIn();
  beatriz = (
    await api().addStudentByRA({
      customerId: customer.id,
      RA: "20250002",
      dtnascimento: demoBirthDate("20250002"),
      consentVersion: STUDENT_CONSENT_VERSION,
    })
  ).studentId;
  list = await api().getStudentMaterialList(beatriz);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The form as the page posts it: the lines `bought` (the bermuda in size `size`), the rest left out. */
function fields(size: string, bought = [GLUE, BERMUDA]) {
  const buyable = list.lines.filter((line) => !line.soldOut && !line.unavailable && !line.inBag);
  const form: Record<string, string> = { listId: list.id };
  buyable.forEach((line, i) => {
    form[`lines[${i}].lineId`] = line.lineId;
    form[`lines[${i}].buy`] = bought.includes(line.title) ? BUY : SKIP;
    if (line.optionName !== null) {
      form[`lines[${i}].sized`] = "1";
      form[`lines[${i}].size`] = size;
    }
  });
  return form;
}

async function post(form: Record<string, string>) {
  const { request } = storefrontPost(customer.cookie, form, studentListPath(beatriz));
  return actionReply(await studentListAction(await requestArgs(request), beatriz));
}

async function page(cookie = customer.cookie) {
  const loaded = (await loadStudentList(
    await requestArgs(storefrontGet(cookie, studentListPath(beatriz))),
    beatriz,
  )) as {
    data: Awaited<ReturnType<typeof loadStudentList>>["data"];
    init?: { headers: Record<string, string> };
  };
  return loaded;
}

const bag = async () =>
  (await api().getCart(customer.id)).cart.bags.find((candidate) => candidate.studentId === beatriz)?.cartItems ?? [];

describe("a student's material list page", () => {
  it("refuses a sized line without its size next to it, keeping the choices, and sends nothing", async () => {
    const refused = await post(fields(""));
    expect(refused.status).toBe(400);
    const index = list.lines.filter((line) => !line.soldOut).findIndex((line) => line.title === BERMUDA);
    expect(refused.data.result.error[`lines[${index}].size`]).toEqual([MATERIAL_LIST_MESSAGES.sizeRequired]);
    expect(refused.data.result.initialValue.lines[index].buy).toBe(BUY);
    const none = await post(fields("", []));
    expect(none.data.result.error.lines).toEqual([MATERIAL_LIST_MESSAGES.noLineTicked]);
    expect(await bag()).toEqual([]);
  });

  it("adds the lines bought and shows each one's outcome once, after the redirect", async () => {
    const size = lineOf(BERMUDA).options.find((option) => !option.soldOut)!;
    const added = await post(fields(String(size.itemTOTVSId)));
    expect(added.status).toBe(302);
    expect(added.response!.headers.get("location")).toBe(studentListPath(beatriz));
    const flash = /loja_lista_material=[^;]*/.exec(added.response!.headers.get("set-cookie") ?? "")![0];
    const shown = await page(`${customer.cookie}; ${flash}`);
    expect(shown.data.outcomes).toEqual([
      { lineId: lineOf(GLUE).lineId, index: list.lines.indexOf(lineOf(GLUE)), result: "added" },
      { lineId: lineOf(BERMUDA).lineId, index: list.lines.indexOf(lineOf(BERMUDA)), result: "added" },
    ]);
    expect(shown.data.list?.lines.filter((line) => line.inBag).map((line) => line.title)).toEqual([GLUE, BERMUDA]);
    expect((await bag()).map((item) => [item.NOME, item.quantity])).toEqual([
      [GLUE, 2],
      [BERMUDA, 1],
    ]);
    // Shown once: the browser sends the cookie as the page left it.
    const cleared = /loja_lista_material=[^;]*/.exec(shown.init?.headers["set-cookie"] ?? "")![0];
    expect((await page(`${customer.cookie}; ${cleared}`)).data.outcomes).toBeNull();
  });

  it("says so for a student of someone else, and sends another grade's list back with the API's refusal", async () => {
    const stranger = await signUpAndLogIn();
    const shown = await loadStudentList(
      await requestArgs(storefrontGet(stranger.cookie, studentListPath(beatriz))),
      beatriz,
    );
    expect(shown.data).toMatchObject({ list: null, problem: MATERIAL_LIST_MESSAGES.studentNotFound });

    const otherList = await post({ ...fields("", [GLUE]), listId: crypto.randomUUID() });
    expect(otherList.status).toBe(302);
    expect(otherList.response!.headers.get("location")).toBe(studentListPath(beatriz));
    expect(otherList.response!.headers.get("set-cookie")).not.toContain("loja_lista_material");
  });
});
