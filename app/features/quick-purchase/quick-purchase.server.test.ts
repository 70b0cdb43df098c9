/**
 * "Adicionar ao carrinho" of Compra Rápida through the storefront's own action and loader,
 * against the bundled API and its demo catalogue: one add-item call per ticked item, and
 * step 4 saying per item what happened.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Product } from "#api/contract/catalogue.ts";
import { requestArgs } from "#tests/fixtures/request-args.ts";
import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import {
  actionReply,
  signUpAndLogIn,
  storefrontGet,
  storefrontPost,
  type LoggedInCustomer,
} from "#tests/fixtures/storefront-requests.ts";
import { storeApiFor } from "#app/.server/store-api/index.server.ts";
import { CART_MESSAGES } from "#core/cart-rules.ts";
import { STUDENT_CONSENT_VERSION } from "#core/student-consent.ts";
import { loadQuickPurchase, QUICK_PURCHASE_MESSAGES, quickPurchaseAction } from "./quick-purchase.server.ts";
import { quickPurchaseHref } from "./quick-purchase-state.ts";

let dataDir: string;
let customer: LoggedInCustomer;
let studentId: string;
let sixthGrade: number;
let products: Product[];

const api = () => storeApiFor(storefrontGet(customer.cookie), customer.token);
const item = (title: string) => products.find((product) => product.title === title)!.itemTOTVS;
const KIT = "Kit Material Didático 6º Ano - Ensino Fundamental II";
const BOOK = "Apostila de Inglês - Ensino Fundamental II";
const SHIRT = "Camisa Polo Manga Curta - Ensino Fundamental";
const SCRATCH = "Curso de Programação com Scratch";
const ROBOTICS = "Curso de Robótica Educacional - 1º Semestre";

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "loja-compra-rapida-"));
  process.env.DATA_DIR = dataDir;
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  customer = await signUpAndLogIn();
  studentId = (
    await api().addStudentByRA({
      customerId: customer.id,
      RA: "20250006",
      dtnascimento: demoBirthDate("20250006"),
      consentVersion: STUDENT_CONSENT_VERSION,
    })
  ).studentId;
  sixthGrade = (await api().listSeries()).find((serie) => serie.HABILITACAO === "6º Ano")!.id;
  products = await api().listProductsBySeries([sixthGrade]);
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Posts "Adicionar ao carrinho" for these items, then opens step 4 as the redirect does. */
async function addForStudent(titles: string[], ids: number[] = [], series = [sixthGrade]) {
  const address = quickPurchaseHref({ step: 3, series, items: [...titles.map(item), ...ids] });
  const { request } = storefrontPost(customer.cookie, { intent: "confirm", studentId }, address);
  const { response } = actionReply(await quickPurchaseAction(await requestArgs(request)));
  expect(response?.status).toBe(302);
  const location = response!.headers.get("location")!;
  expect(location).toMatch(/^\/compra-rapida\?passo=4/);
  const flash = /loja_compra_rapida=[^;]*/.exec(response!.headers.get("set-cookie") ?? "")![0];
  const show = async (cookie: string) => {
    const page = (await loadQuickPurchase(
      await requestArgs(storefrontGet(`${customer.cookie}; ${cookie}`, location)),
    )) as {
      data: { step: number; studentName: string | null; lines: { title: string; text: string }[] | null };
      init: { headers: Record<string, string> };
    };
    return { ...page.data, cookie: /loja_compra_rapida=[^;]*/.exec(page.init.headers["set-cookie"] ?? "")![0] };
  };
  const shown = await show(flash);
  // What the browser sends next: the cookie as step 4 left it.
  return { shown, again: () => show(shown.cookie) };
}

const bagTitles = async () =>
  (await api().getCart(customer.id)).cart.bags
    .find((bag) => bag.studentId === studentId)
    ?.cartItems.map((line) => line.product.title)
    .sort() ?? [];

describe("Compra Rápida's add", () => {
  it("puts every ticked item in the student's bag and says so per item", async () => {
    const { shown } = await addForStudent([KIT, SHIRT, SCRATCH]);
    expect(shown.step).toBe(4);
    expect(shown.studentName).toBeTruthy();
    expect(shown.lines).toEqual([
      { itemTOTVS: item(KIT), title: KIT, result: "added", text: "Adicionado ao carrinho" },
      { itemTOTVS: item(SHIRT), title: SHIRT, result: "added", text: "Adicionado ao carrinho" },
      { itemTOTVS: item(SCRATCH), title: SCRATCH, result: "added", text: "Adicionado ao carrinho" },
    ]);
    expect(await bagTitles()).toEqual([KIT, SHIRT, SCRATCH].sort());
  });

  it("again: already in the cart, refused by spec §5's rules, or unavailable, each item on its own", async () => {
    const elsewhere = (await api().listProductsBySeries([sixthGrade + 4])).find(
      (product) => !products.some((offered) => offered.itemTOTVS === product.itemTOTVS),
    )!;
    const { shown, again } = await addForStudent([KIT, BOOK, ROBOTICS], [elsewhere.itemTOTVS]);
    expect(shown.lines?.map((line) => [line.title, line.text])).toEqual([
      [KIT, "Já está no carrinho deste estudante"],
      [BOOK, CART_MESSAGES.secondManual],
      [ROBOTICS, CART_MESSAGES.secondService],
      [`Produto código ${elsewhere.itemTOTVS}`, "Indisponível no momento"],
    ]);
    expect(await bagTitles()).toEqual([KIT, SHIRT, SCRATCH].sort());
    // The outcome shows once: reloading step 4 no longer claims anything.
    expect((await again()).lines).toBeNull();
  });

  it("adds only for a student of this customer", async () => {
    const address = quickPurchaseHref({ step: 3, series: [sixthGrade], items: [item(SHIRT)] });
    const { request } = storefrontPost(customer.cookie, { intent: "confirm", studentId: "outro-aluno" }, address);
    const { response } = actionReply(await quickPurchaseAction(await requestArgs(request)));
    expect(response?.headers.get("location")).toContain("vinculo=lista");
    expect(response?.headers.get("set-cookie")).not.toContain("loja_compra_rapida");
  });

  it("sends a visitor to log in, back to the same step", async () => {
    const address = quickPurchaseHref({ step: 3, series: [sixthGrade], items: [item(SHIRT)] });
    const request = new Request(`http://loja.test${address}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "confirm" }),
    });
    const { response } = actionReply(await quickPurchaseAction(await requestArgs(request)));
    expect(response?.headers.get("location")).toBe(`${address}&conta=entrar`);
  });

  it("opens step 2 with the suggested items ticked, and step 3 only with a ticked item", async () => {
    const two = (await loadQuickPurchase(
      await requestArgs(storefrontGet(null, `/compra-rapida?passo=2&serie=${sixthGrade}`)),
    )) as { step: number; ticked: number[] };
    expect(two.step).toBe(2);
    expect(two.ticked).toContain(item(KIT));
    expect(two.ticked).not.toContain(item(BOOK));
    expect(two.ticked).not.toContain(item(SCRATCH));
    const empty = (await loadQuickPurchase(
      await requestArgs(storefrontGet(null, `/compra-rapida?passo=3&serie=${sixthGrade}`)),
    )) as { step: number; problem: string };
    expect(empty).toMatchObject({ step: 2, problem: "Marque ao menos um item para continuar." });
    const noGrade = (await loadQuickPurchase(await requestArgs(storefrontGet(null, "/compra-rapida?passo=2")))) as {
      step: number;
      problem: string;
    };
    expect(noGrade).toMatchObject({ step: 1, problem: "Selecione ao menos uma série para continuar." });
  });
});

describe("Compra Rápida's first grades (issue 27)", () => {
  type StepOne = { step: number; series: number[]; studentsGrades: boolean; problem: string | null };
  const open = async (address: string, cookie: string | null = customer.cookie) =>
    (await loadQuickPurchase(await requestArgs(storefrontGet(cookie, address)))) as StepOne;

  it("opens a parent's first visit on their students' grades of this year", async () => {
    // RA 20250006 is enrolled in the 7º Ano this year (db/seed/people-data.ts).
    const seventh = (await api().listSeries()).find((serie) => serie.codgrade === "EF07")!.id;
    expect(await open("/compra-rapida")).toMatchObject({ step: 1, series: [seventh], studentsGrades: true });
  });

  it("lets the parent's own choice win, even no grade at all, and offers nothing to a visitor", async () => {
    expect(await open(`/compra-rapida?serie=${sixthGrade}`)).toMatchObject({
      step: 1,
      series: [sixthGrade],
      studentsGrades: false,
    });
    expect(await open("/compra-rapida?passo=2")).toMatchObject({
      step: 1,
      series: [],
      studentsGrades: false,
      problem: QUICK_PURCHASE_MESSAGES.noSerie,
    });
    expect(await open("/compra-rapida", null)).toMatchObject({ step: 1, series: [], studentsGrades: false });
  });
});

describe("a uniform sold in sizes (issue 28)", () => {
  it("starts with no size chosen, and adds the size chosen as its own item, named with its size", async () => {
    // The first grade whose list has a uniform sold in sizes (the infant school's polo, in the demo).
    let grade = 0;
    let sized: Product | undefined;
    for (const serie of await api().listSeries()) {
      sized = (await api().listProductsBySeries([serie.id])).find((p) => p.optionName && (p.variants ?? []).length > 1);
      grade = serie.id;
      if (sized) break;
    }
    expect(sized, "a grade's list with a sized uniform").toBeTruthy();
    if (!sized) return;
    const size = sized.variants![1]!;
    const stepTwo = (await loadQuickPurchase(
      await requestArgs(storefrontGet(customer.cookie, quickPurchaseHref({ step: 2, series: [grade], items: [] }))),
    )) as { ticked: number[]; items: { itemTOTVS: number; options: { sizes: { itemTOTVS: number }[] } | null }[] };
    const offered = stepTwo.items.find((candidate) => candidate.itemTOTVS === sized.itemTOTVS)!;
    expect(offered.options?.sizes.map((option) => option.itemTOTVS)).toContain(size.itemTOTVSId);
    expect(stepTwo.ticked).not.toContain(sized.itemTOTVS);
    expect(stepTwo.ticked.some((code) => offered.options!.sizes.some((option) => option.itemTOTVS === code))).toBe(
      false,
    );

    const { shown } = await addForStudent([], [size.itemTOTVSId], [grade]);
    expect(shown.lines).toEqual([
      {
        itemTOTVS: size.itemTOTVSId,
        title: `${sized.title} (${sized.optionName}: ${size.value})`,
        result: "added",
        text: "Adicionado ao carrinho",
      },
    ]);
    const bag = (await api().getCart(customer.id)).cart.bags.find((candidate) => candidate.studentId === studentId)!;
    expect(bag.cartItems.map((line) => line.itemTOTVSId)).toContain(size.itemTOTVSId);
  });
});
