/**
 * "Adicionar" by RA as the storefront handles it, against the bundled store API: the birth
 * date and the consent are checked like the browser checks them, and a refusal shows the
 * form again with what was typed (docs/decisions/0013).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINK_PROOF_MISMATCH } from "#api/contract/students.ts";
import { STUDENT_MESSAGES } from "#core/validation/student-fields.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import {
  actionReply,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { linkAction } from "./student-link.server.ts";

const PRODUCT_PATH = "/produto/material-didatico/kit";
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-vinculo-ra-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  await storeApiFor(storefrontGet(null)).listPaymentMethods();
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function addByRa(who: LoggedInCustomer, fields: Record<string, string>) {
  const { request, formData } = storefrontPost(
    who.cookie,
    { intent: "add-ra", itemTOTVSId: "1", ...fields },
    `${PRODUCT_PATH}?vinculo=lista`,
  );
  const result = await linkAction(await requestArgs(request), formData, PRODUCT_PATH, (bags) => bags, PRODUCT_PATH);
  return actionReply(result);
}

const students = (who: LoggedInCustomer) => storeApiFor(storefrontGet(who.cookie), who.token).listStudents(who.id);

describe("linking by RA from the student chooser", () => {
  it("asks for the birth date and the consent, keeping what was typed", async () => {
    const ana = await signUpAndLogIn();
    const { status, data } = await addByRa(ana, { ra: "20250003", dtnascimento: "" });
    expect(status).toBe(400);
    expect(data).toMatchObject({ wizard: "link-ra", values: { ra: "20250003", dtnascimento: "", consentimento: "" } });
    expect(data.result.error).toEqual({
      dtnascimento: ["Informe a data de nascimento."],
      consentimento: [STUDENT_MESSAGES.consentRequired],
    });
    expect(await students(ana)).toEqual([]);
  });

  it("shows the API's refusal of a wrong pair in a red toast, keeping the form as typed", async () => {
    const ana = await signUpAndLogIn();
    const typed = { ra: "20250003", dtnascimento: "2010-11-21", consentimento: "on" };
    const { status, data } = await addByRa(ana, typed);
    expect(status).toBe(404);
    expect(data).toMatchObject({ wizard: "link-ra", values: typed, toast: LINK_PROOF_MISMATCH });
    expect(await students(ana)).toEqual([]);
  });

  it("links with the right birth date and the consent, and chooses the student", async () => {
    const ana = await signUpAndLogIn();
    const { response } = await addByRa(ana, {
      ra: "20250003",
      dtnascimento: demoBirthDate("20250003"),
      consentimento: "on",
    });
    const [link] = await students(ana);
    expect(link!.student.RA).toBe("20250003");
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe(`${PRODUCT_PATH}?vinculo=lista&aluno=${link!.studentId}`);
    expect(response?.headers.get("set-cookie")).toContain("loja_toast=");
  });
});
