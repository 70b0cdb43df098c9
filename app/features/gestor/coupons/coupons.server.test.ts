import { describe, expect, it } from "vitest";
import { COUPON_ADMIN_MESSAGES } from "#api/contract/gestor/coupons.ts";
import {
  actionReply,
  gestorGet,
  gestorPost,
  gestorTestStoreForFile,
  locationOf,
  loginFor,
  thrownBy,
  toastOf,
} from "#tests/fixtures/gestor-requests.ts";
import { GESTOR_PATHS } from "../gestor-paths.ts";
import { ROLE_REFUSED_PAGE } from "../staff-guard.server.ts";
import {
  COUPON_TOASTS,
  couponAction,
  couponListPage,
  couponPage,
  createCouponAction,
  newCouponPage,
} from "./coupons.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

const typed = (code: string) => ({
  code,
  percentage: "15",
  startsOn: "2026-01-10",
  endsOn: "2026-12-20",
  maxUses: "100",
  maxUsesPerCustomer: "",
});
const create = (fields: Record<string, string>, cookie = admin.cookie) =>
  createCouponAction(gestorPost(cookie, fields, GESTOR_PATHS.newCoupon).request).then(actionReply);
const act = (couponId: string, fields: Record<string, string>, cookie = admin.cookie) =>
  couponAction(gestorPost(cookie, fields, GESTOR_PATHS.coupon(couponId)).request, couponId).then(actionReply);
const couponByCode = (code: string) =>
  store.db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();

/** A coupon created through the page, and its id. */
async function created(code: string) {
  const done = await create(typed(code));
  return (await couponByCode(code))?.id ?? String(done.status);
}

describe("Cupons' pages", () => {
  it("sends a visitor without a staff session to the login", async () => {
    expect(locationOf(await thrownBy(couponListPage(gestorGet(null, GESTOR_PATHS.coupons))))).toBe(
      loginFor(GESTOR_PATHS.coupons),
    );
    expect(locationOf(await thrownBy(create(typed("SEMSESSAO"), "")))).toBe(loginFor(GESTOR_PATHS.newCoupon));
    expect(await couponByCode("SEMSESSAO")).toBeUndefined();
  });

  it("lists the coupons for both roles; only the admin may edit", async () => {
    await created("LISTA10");
    const forAdmin = await couponListPage(gestorGet(admin.cookie, `${GESTOR_PATHS.coupons}?q=lista10`));
    expect(forAdmin.canEdit).toBe(true);
    expect(forAdmin.q).toBe("lista10");
    expect(forAdmin.list.rows.map((row) => row.code)).toEqual(["LISTA10"]);
    const forAtendente = await couponListPage(gestorGet(atendente.cookie, `${GESTOR_PATHS.coupons}?q=LISTA10`));
    expect(forAtendente.canEdit).toBe(false);
    expect(forAtendente.list.rows.map((row) => row.code)).toEqual(["LISTA10"]);
  });

  it("shows a coupon with its uses; an unknown one is the area's 404", async () => {
    const id = await created("PAGINA5");
    const page = await couponPage(gestorGet(atendente.cookie, GESTOR_PATHS.coupon(id)), id);
    expect(page.coupon).toMatchObject({ code: "PAGINA5", percentage: 15, maxUses: 100, paused: false });
    expect(page.uses.total).toBe(0);
    expect(page.canEdit).toBe(false);
    const unknown = crypto.randomUUID();
    expect(
      (await thrownBy(couponPage(gestorGet(admin.cookie, GESTOR_PATHS.coupon(unknown)), unknown)))?.init?.status,
    ).toBe(404);
  });
});

describe("creating and changing a coupon", () => {
  it("refuses atendimento the new coupon's page and its action, creating nothing", async () => {
    const page = await thrownBy(newCouponPage(gestorGet(atendente.cookie, GESTOR_PATHS.newCoupon)));
    expect(page?.status).toBe(403);
    expect(await page!.text()).toBe(ROLE_REFUSED_PAGE);
    expect((await thrownBy(create(typed("ATENDE10"), atendente.cookie)))?.status).toBe(403);
    expect(await couponByCode("ATENDE10")).toBeUndefined();
  });

  it("creates the coupon, in capitals, and opens its page with a toast", async () => {
    expect((await newCouponPage(gestorGet(admin.cookie, GESTOR_PATHS.newCoupon))).today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const done = await create(typed("volta-as-aulas"));
    const coupon = await couponByCode("VOLTA-AS-AULAS");
    expect(coupon).toMatchObject({ percentage: 15, max_uses: 100, max_uses_per_customer: null });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.coupon(coupon!.id));
    expect((await toastOf(done.response!))?.message).toBe(COUPON_TOASTS.created);
  });

  it("answers bad input with each field's message and what was typed, creating nothing", async () => {
    const refused = await create({ ...typed("RUIM"), percentage: "120", endsOn: "2026-01-01" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      percentage: ["A porcentagem deve ser um número inteiro de 1 a 100."],
      endsOn: ["O último dia deve ser igual ou depois do primeiro."],
    });
    expect(refused.data.result.initialValue).toMatchObject({ code: "RUIM", percentage: "120" });
    expect(await couponByCode("RUIM")).toBeUndefined();
  });

  it("shows a code already taken on the code's field", async () => {
    await created("REPETIDO");
    const refused = await create({ ...typed("REPETIDO"), percentage: "30" });
    expect(refused.status).toBe(409);
    expect(refused.data.result.error).toMatchObject({ code: [COUPON_ADMIN_MESSAGES.codeTaken] });
    expect((await couponByCode("REPETIDO"))?.percentage).toBe(15);
  });

  it("saves an edit, pauses and resumes, each with its toast", async () => {
    const id = await created("EDITAR");
    const saved = await act(id, { intent: "save", ...typed("EDITAR"), percentage: "20" });
    expect(locationOf(saved.response)).toBe(GESTOR_PATHS.coupon(id));
    expect((await toastOf(saved.response!))?.message).toBe(COUPON_TOASTS.saved);
    expect((await couponByCode("EDITAR"))?.percentage).toBe(20);

    const paused = await act(id, { intent: "pause" });
    expect((await toastOf(paused.response!))?.message).toBe(COUPON_TOASTS.paused);
    expect((await couponByCode("EDITAR"))?.status).toBe("disabled");
    const resumed = await act(id, { intent: "resume" });
    expect((await toastOf(resumed.response!))?.message).toBe(COUPON_TOASTS.resumed);
    expect((await couponByCode("EDITAR"))?.status).toBe("enabled");
  });

  it("refuses atendimento's pause and an edit with bad input, changing nothing", async () => {
    const id = await created("INTACTO");
    expect((await thrownBy(act(id, { intent: "pause" }, atendente.cookie)))?.status).toBe(403);
    const refused = await act(id, { intent: "save", ...typed("INTACTO"), percentage: "0" });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      percentage: ["A porcentagem deve ser um número inteiro de 1 a 100."],
    });
    expect(await couponByCode("INTACTO")).toMatchObject({ percentage: 15, status: "enabled" });
  });
});
