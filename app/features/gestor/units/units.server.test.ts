import { describe, expect, it } from "vitest";
import { UNIT_MESSAGES } from "#api/contract/gestor/units.ts";
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
import { GESTOR_MENU, GESTOR_PATHS } from "../gestor-paths.ts";
import { ROLE_REFUSED_PAGE } from "../staff-guard.server.ts";
import {
  createUnitAction,
  moveUnitAction,
  newUnitPage,
  UNIT_TOASTS,
  unitAction,
  unitListPage,
  unitPage,
} from "./units.server.ts";

const { store, admin, atendimento: atendente } = gestorTestStoreForFile(["admin", "atendimento"]);

let codes = 200;
const freshCode = () => String(++codes);

const typed = (overrides: Record<string, string> = {}) => ({
  name: "Colégio Saber Garanhuns",
  address: "Av. Rui Barbosa, 300, Heliópolis",
  city: "Garanhuns - PE",
  phone: "(87) 3761-2000",
  email: "garanhuns@lojaescolar.com.br",
  pickupHours: "",
  active: "on",
  ...overrides,
});
const create = (fields: Record<string, string>, cookie = admin.cookie) =>
  createUnitAction(gestorPost(cookie, fields, GESTOR_PATHS.newUnit).request).then(actionReply);
const save = (code: string, fields: Record<string, string>, cookie = admin.cookie) =>
  unitAction(gestorPost(cookie, { intent: "save", ...fields }, GESTOR_PATHS.unit(code)).request, code).then(
    actionReply,
  );
const moveOn = (fields: Record<string, string>, cookie = admin.cookie) =>
  moveUnitAction(gestorPost(cookie, fields, GESTOR_PATHS.units).request).then(actionReply);
const unitRow = (code: string) =>
  store.db.selectFrom("school_units").selectAll().where("store_id", "=", 1).where("code", "=", code).executeTakeFirst();

describe("Unidades' pages", () => {
  it("sends a visitor without a staff session to the login, creating nothing", async () => {
    expect(locationOf(await thrownBy(unitListPage(gestorGet(null, GESTOR_PATHS.units))))).toBe(
      loginFor(GESTOR_PATHS.units),
    );
    const code = freshCode();
    expect(locationOf(await thrownBy(create({ code, ...typed() }, "")))).toBe(loginFor(GESTOR_PATHS.newUnit));
    expect(await unitRow(code)).toBeUndefined();
  });

  it("refuses atendimento every page and action, with no menu entry, changing nothing", async () => {
    expect(GESTOR_MENU.find((entry) => entry.label === "Unidades")?.roles).toEqual(["admin"]);
    const pages = [
      unitListPage(gestorGet(atendente.cookie, GESTOR_PATHS.units)),
      newUnitPage(gestorGet(atendente.cookie, GESTOR_PATHS.newUnit)),
      unitPage(gestorGet(atendente.cookie, GESTOR_PATHS.unit("1")), "1"),
      create({ code: freshCode(), ...typed() }, atendente.cookie),
      save("1", typed(), atendente.cookie),
      moveOn({ intent: "down", code: "1", place: "2" }, atendente.cookie),
    ];
    for (const refused of await Promise.all(pages.map(thrownBy))) {
      expect(refused?.status).toBe(403);
      expect(await refused!.text()).toBe(ROLE_REFUSED_PAGE);
    }
    expect((await unitRow("1"))?.name).toBe("Colégio Saber Boa Viagem");
  });

  it("lists the units in the network's order; an unknown code is the area's 404", async () => {
    const { units } = await unitListPage(gestorGet(admin.cookie, GESTOR_PATHS.units));
    expect(units.slice(0, 3).map((unit) => unit.code)).toEqual(["0", "1", "3"]);
    expect((await unitPage(gestorGet(admin.cookie, GESTOR_PATHS.unit("3")), "3")).unit.name).toBe(
      "Colégio Saber Casa Forte",
    );
    for (const code of ["9999", "nada"]) {
      const missing = await thrownBy(unitPage(gestorGet(admin.cookie, GESTOR_PATHS.unit(code)), code));
      expect(missing?.init?.status).toBe(404);
      expect(missing?.data).toBe(UNIT_MESSAGES.notFound);
    }
  });
});

describe("creating and editing a unit", () => {
  it("creates the unit and opens its page with a toast", async () => {
    const code = freshCode();
    const done = await create({ code, ...typed({ pickupHours: "Seg. a sex., 7h às 12h" }) });
    expect(done.status).toBe(302);
    expect(locationOf(done.response)).toBe(GESTOR_PATHS.unit(code));
    expect((await toastOf(done.response!))?.message).toBe(UNIT_TOASTS.created);
    expect(await unitRow(code)).toMatchObject({
      name: "Colégio Saber Garanhuns",
      phone: "(87) 3761-2000",
      pickup_hours: "Seg. a sex., 7h às 12h",
      active: 1,
    });
  });

  it("answers bad input with each field's message and what was typed, creating nothing", async () => {
    const code = freshCode();
    const refused = await create({ code, ...typed({ name: "", phone: "3761", email: "garanhuns" }) });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      name: [UNIT_MESSAGES.nameRequired],
      phone: ["Telefone incompleto"],
      email: ["Informe um e-mail válido em letras minúsculas."],
    });
    expect(refused.data.result.initialValue).toMatchObject({ code, phone: "3761", address: typed().address });
    expect(await unitRow(code)).toBeUndefined();
  });

  it("shows a code already taken on the code's field, keeping the unit as it was", async () => {
    const refused = await create({ code: "4", ...typed() });
    expect(refused.status).toBe(409);
    expect(refused.data.result.error).toMatchObject({ code: [UNIT_MESSAGES.codeTaken] });
    expect(refused.data.result.initialValue).toMatchObject({ name: "Colégio Saber Garanhuns" });
    expect((await unitRow("4"))?.name).toBe("Colégio Saber Graças");
  });

  it("saves an edit and a deactivation (an unticked box), each with its toast", async () => {
    const code = freshCode();
    await create({ code, ...typed() });
    const edited = typed({ phone: "87 99999-0000", pickupHours: "Sáb., 8h às 12h" });
    const saved = await save(code, edited);
    expect(locationOf(saved.response)).toBe(GESTOR_PATHS.unit(code));
    expect((await toastOf(saved.response!))?.message).toBe(UNIT_TOASTS.saved);
    const { active: _ticked, ...unticked } = edited;
    await save(code, unticked);
    expect(await unitRow(code)).toMatchObject({
      phone: "(87) 99999-0000",
      pickup_hours: "Sáb., 8h às 12h",
      active: 0,
    });
  });

  it("keeps the head office active, saying why on the box's field", async () => {
    const headOffice = (await unitRow("0"))!;
    const { active: _ticked, ...unticked } = typed({ name: headOffice.name });
    const refused = await save("0", unticked);
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ active: [UNIT_MESSAGES.headOfficeActive] });
    expect(await unitRow("0")).toEqual(headOffice);
  });

  it("moves a unit down once on a double click, and back up, with a toast; an unknown intent is a 400", async () => {
    const order = async () =>
      (await unitListPage(gestorGet(admin.cookie, GESTOR_PATHS.units))).units.map((unit) => unit.code);
    const start = await order();
    const down = { intent: "down", code: start[1]!, place: "2" };
    const moved = await moveOn(down);
    expect(locationOf(moved.response)).toBe(GESTOR_PATHS.units);
    expect((await toastOf(moved.response!))?.message).toBe(UNIT_TOASTS.moved);
    // The second click of a double click was sent from the page where the unit was 2nd.
    await moveOn(down);
    expect((await order()).slice(0, 4)).toEqual([start[0], start[2], start[1], start[3]]);
    await moveOn({ intent: "up", code: start[1]!, place: "3" });
    expect(await order()).toEqual(start);
    expect((await thrownBy(moveOn({ intent: "left", code: "1", place: "2" })))?.init?.status).toBe(400);
  });
});
