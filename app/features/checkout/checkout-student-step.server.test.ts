/**
 * Checkout step 2 (spec §4: it moves to 3 after selecting or linking a student), against the
 * bundled store API: linking by RA, creating a student and choosing a card each put the
 * waiting item in that student's bag at once; the new-student CPF failure is spec §5's
 * "CPF inválido" toast with the focus on the field; a card's "Remover vínculo" works here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { carried, newStudentForm, responsibleForm } from "#tests/fixtures/new-student-form.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import {
  actionReply,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { checkoutAction } from "./checkout-page.server.ts";

let dataDir: string;
let itemTOTVSId: number;

const api = (who: LoggedInCustomer) => storeApiFor(storefrontGet(who.cookie), who.token);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-etapa-aluno-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  const { products } = await storeApiFor(storefrontGet(null)).listProductsByCategorySlug("papelaria");
  itemTOTVSId = products.find((product) => product.TIPO !== "S" && product.TIPO !== "M")!.itemTOTVS;
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A customer whose cart has one item waiting for its student (checkout step 2). */
async function atStepTwo() {
  const who = await signUpAndLogIn();
  await api(who).saveCart(who.id, [{ studentId: null, cartItems: [{ itemTOTVSId, quantity: 1 }] }]);
  return who;
}

async function post(who: LoggedInCustomer, fields: Record<string, string>, search = "?vinculo=lista") {
  const { request, formData } = storefrontPost(who.cookie, fields, `/compra${search}`);
  return actionReply(await checkoutAction(await requestArgs(request), formData));
}

/** The student ids of the bags holding the item, null for the waiting bag. */
async function bagsOfItem(who: LoggedInCustomer) {
  const { cart } = await api(who).getCart(who.id);
  return cart.bags
    .filter((bag) => bag.cartItems.some((item) => item.itemTOTVSId === itemTOTVSId))
    .map((bag) => bag.studentId);
}

describe("checkout step 2", () => {
  it("puts the item in the bag of a student linked by RA and goes to the payment step", async () => {
    const ana = await atStepTwo();
    const { response } = await post(ana, {
      intent: "add-ra",
      itemTOTVSId: String(itemTOTVSId),
      ra: "20250003",
      dtnascimento: demoBirthDate("20250003"),
      consentimento: "on",
    });
    const [link] = await api(ana).listStudents(ana.id);
    expect(response?.status).toBe(302);
    expect(response?.headers.get("location")).toBe("/compra");
    expect(await bagsOfItem(ana)).toEqual([link!.studentId]);
  });

  it("puts the item in the bag of the student just created, with no Completo step", async () => {
    const ana = await atStepTwo();
    const { response } = await post(
      ana,
      { intent: "responsible-save", ...carried(newStudentForm()), ...responsibleForm() },
      "?vinculo=novo",
    );
    const [link] = await api(ana).listStudents(ana.id);
    expect(response?.headers.get("location")).toBe("/compra");
    expect(await bagsOfItem(ana)).toEqual([link!.studentId]);
  });

  it("answers a bad CPF of the new student with the red toast CPF inválido, the focus on the field and the form as typed", async () => {
    const ana = await atStepTwo();
    const typed = newStudentForm({ cpf: "111.111.111-11" });
    const { status, data } = await post(ana, { intent: "student-next", ...typed }, "?vinculo=novo");
    expect(status).toBe(400);
    expect(data).toMatchObject({ step: 1, toast: "CPF inválido", focus: "cpf", values: typed });
    expect(data.result.error).toEqual({ cpf: ["CPF inválido"] });
    expect(await api(ana).listStudents(ana.id)).toEqual([]);
  });

  it("adds the item as soon as a listed student's card is chosen, and removes a link from its card", async () => {
    const ana = await atStepTwo();
    // A student linked by RA (the customer's own record, "Sou aluno", is not listed: decision 0043).
    const { studentId } = await api(ana).addStudentByRA({
      customerId: ana.id,
      RA: "20250004",
      dtnascimento: demoBirthDate("20250004"),
      consentVersion: STUDENT_CONSENT_VERSION,
    });
    const chosen = await post(ana, { intent: "confirm", itemTOTVSId: String(itemTOTVSId), studentId });
    expect(chosen.response?.headers.get("location")).toBe("/compra");
    expect(await bagsOfItem(ana)).toEqual([studentId]);

    const [link] = await api(ana).listStudents(ana.id);
    const removed = await post(ana, { intent: "remove-link", linkId: link!.id });
    expect(removed.response?.headers.get("location")).toBe("/compra?vinculo=lista");
    expect(await api(ana).listStudents(ana.id)).toEqual([]);
  });
});
