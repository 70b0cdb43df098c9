import { describe, expect, it } from "vitest";
import { UNIT_MESSAGES } from "#api/contract/gestor/units.ts";
import { CUSTOMER_MESSAGES } from "#core/validation/customer-fields.ts";
import { gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { ROLE_REFUSED, STAFF_SESSION_EXPIRED } from "../staff/require-staff.ts";
import { createUnit } from "./service.ts";

const { t, admin, atendimento: atendente } = gestorTestApiForFile(["admin", "atendimento"]);

let codes = 100;
/** A code no other test of this file uses. */
const freshCode = () => String(++codes);

const typed = (overrides: Record<string, unknown> = {}) => ({
  name: "Colégio Saber Petrolina",
  address: "Av. da Integração, 500, Centro",
  city: "Petrolina - PE",
  phone: "87 3862-1500",
  email: "petrolina@lojaescolar.com.br",
  pickupHours: "Seg. a sex., 7h às 17h",
  active: true,
  ...overrides,
});

const create = (body: Record<string, unknown>, token: string | null = admin.token) =>
  t.call("POST", "/gestor/units", { storeId: 1, ...body }, { token: token ?? undefined });
const update = (code: string, body: Record<string, unknown>, token: string | null = admin.token) =>
  t.call("POST", `/gestor/units/${code}`, { storeId: 1, ...body }, { token: token ?? undefined });
const move = (code: string, direction: string, token: string | null = admin.token) =>
  t.call("POST", `/gestor/units/${code}/move`, { storeId: 1, direction }, { token: token ?? undefined });
const list = async () => (await t.call("GET", "/gestor/units?storeId=1", undefined, { token: admin.token })).body;
const row = (code: string) =>
  t.db.selectFrom("school_units").selectAll().where("store_id", "=", 1).where("code", "=", code).executeTakeFirst();
const auditOf = (code: string) =>
  t.db
    .selectFrom("audit_log")
    .selectAll()
    .where("target_type", "=", "unit")
    .where("target_id", "=", code)
    .orderBy("at")
    .orderBy("action")
    .execute();
const catalogueVersion = async () =>
  (await t.db.selectFrom("catalogue_version").select("version").executeTakeFirstOrThrow()).version;
const shopUnits = async () =>
  (await t.call("GET", "/units/list-units-by-store-id/1")).body.units as { CODCOLIGADA: string }[];

describe("Unidades: who may call", () => {
  it("answers 401 without a staff session and 403 to atendimento, on every call, writing nothing", async () => {
    const code = freshCode();
    // null: no Authorization header at all.
    const calls = (token: string | null) => [
      t.call("GET", "/gestor/units?storeId=1", undefined, { token: token ?? undefined }),
      t.call("GET", "/gestor/units/1?storeId=1", undefined, { token: token ?? undefined }),
      create({ code, ...typed() }, token),
      update("1", typed(), token),
      move("1", "down", token),
    ];
    for (const reply of await Promise.all(calls(null))) {
      expect(reply.status).toBe(401);
      expect(reply.body.error.message).toBe(STAFF_SESSION_EXPIRED);
    }
    for (const reply of await Promise.all(calls(atendente.token))) {
      expect(reply.status).toBe(403);
      expect(reply.body.error.message).toBe(ROLE_REFUSED);
    }
    expect(await row(code)).toBeUndefined();
    expect((await row("1"))!.name).toBe("Colégio Saber Boa Viagem");
  });
});

describe("creating a unit", () => {
  it("creates it last in the order, phone masked, audited, and the shop's list has it at once", async () => {
    const code = freshCode();
    const before = await catalogueVersion();
    const { status, body } = await create({ code, ...typed() });
    expect(status).toBe(200);
    const units = (await list()).units;
    expect(body.unit).toEqual({
      code,
      ...typed(),
      phone: "(87) 3862-1500",
      position: units.length,
    });
    expect(units.at(-1).code).toBe(code);
    // A catalogue table: the storefront's kept reads and page cache drop at once (decision 0036).
    expect(await catalogueVersion()).toBeGreaterThan(before);
    expect((await shopUnits()).map((unit) => unit.CODCOLIGADA)).toContain(code);

    const [entry] = await auditOf(code);
    expect(entry).toMatchObject({
      action: "unit.create",
      staff_id: admin.staffId,
      actor_label: admin.email,
      summary: `Criou a unidade ${code} – Colégio Saber Petrolina`,
      before_json: null,
    });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({ code, phone: "(87) 3862-1500", active: true });
  });

  it("reads a code with leading zeros as the number, so '0042' is unit 42", async () => {
    const { body } = await create({ code: "0042", ...typed({ pickupHours: "" }) });
    expect(body.unit).toMatchObject({ code: "42", pickupHours: null });
  });

  it.each([
    ["code", { code: "" }, UNIT_MESSAGES.codeRequired],
    ["code", { code: "12345" }, UNIT_MESSAGES.codeFormat],
    ["code", { code: "1A" }, UNIT_MESSAGES.codeFormat],
    ["name", { name: "  " }, UNIT_MESSAGES.nameRequired],
    ["address", { address: undefined }, UNIT_MESSAGES.addressRequired],
    ["city", { city: "" }, UNIT_MESSAGES.cityRequired],
    ["phone", { phone: "" }, UNIT_MESSAGES.phoneRequired],
    ["phone", { phone: "(81) 3034-11" }, CUSTOMER_MESSAGES.phoneIncomplete],
    ["phone", { phone: "(81) 93034-11011" }, CUSTOMER_MESSAGES.phoneTooLong],
    ["email", { email: "secretaria@" }, CUSTOMER_MESSAGES.emailPattern],
    ["pickupHours", { pickupHours: "x".repeat(121) }, "Use no máximo 120 caracteres."],
  ])("refuses a bad %s with its message, writing nothing", async (_field, overrides, message) => {
    const code = freshCode();
    const versionBefore = await catalogueVersion();
    const { status, body } = await create({ code, ...typed(), ...overrides });
    expect(status).toBe(400);
    expect(body.error.message).toBe(message);
    expect(await row(code)).toBeUndefined();
    expect(await catalogueVersion()).toBe(versionBefore);
  });

  it("refuses a code already taken with 409, leaving the unit as it was, without an entry", async () => {
    const entries = (await auditOf("3")).length;
    const { status, body } = await create({ code: "3", ...typed() });
    expect(status).toBe(409);
    expect(body.error.message).toBe(UNIT_MESSAGES.codeTaken);
    expect((await row("3"))!.name).toBe("Colégio Saber Casa Forte");
    expect(await auditOf("3")).toHaveLength(entries);
  });

  it("gives the same 409 to the second of two creations racing with one code", async () => {
    const code = freshCode();
    const actor = { kind: "staff", staffId: admin.staffId, email: admin.email, address: null } as const;
    const fields = { code, ...typed(), phone: "(87) 3862-1500", pickupHours: undefined };
    const deps = { db: t.db, now: () => new Date() } as Parameters<typeof createUnit>[0];
    const results = await Promise.allSettled([createUnit(deps, actor, 1, fields), createUnit(deps, actor, 1, fields)]);
    expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((result) => result.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 409, message: UNIT_MESSAGES.codeTaken });
    expect(await auditOf(code)).toHaveLength(1);
  });

  it("refuses a head office created inactive", async () => {
    // Code "0" exists in the demo: the rule comes before the duplicate.
    const { status, body } = await create({ code: "0", ...typed({ active: false }) });
    expect(status).toBe(400);
    expect(body.error.message).toBe(UNIT_MESSAGES.headOfficeActive);
  });
});

describe("editing a unit", () => {
  it("changes phone and pickup hours, keeps the code, and audits before and after", async () => {
    const code = freshCode();
    await create({ code, ...typed() });
    const changed = typed({ phone: "87986001500", pickupHours: "Seg. a sex., 8h às 12h" });
    const { status, body } = await update(code, { ...changed, code: "999" });
    expect(status).toBe(200);
    expect(body.unit).toMatchObject({ code, phone: "(87) 98600-1500", pickupHours: "Seg. a sex., 8h às 12h" });
    expect(await row("999")).toBeUndefined();
    const entry = (await auditOf(code)).find((candidate) => candidate.action === "unit.update")!;
    expect(entry.summary).toBe(`Alterou a unidade ${code} – Colégio Saber Petrolina (telefone, horário de retirada)`);
    expect(JSON.parse(entry.before_json!)).toMatchObject({ phone: "(87) 3862-1500" });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ phone: "(87) 98600-1500" });
  });

  it("deactivates a unit: the shop's list marks it, the entry says so; saving it again writes nothing", async () => {
    const code = freshCode();
    await create({ code, ...typed() });
    const versionBefore = await catalogueVersion();
    expect((await update(code, typed({ active: false }))).body.unit.active).toBe(false);
    expect(await catalogueVersion()).toBeGreaterThan(versionBefore);
    const inShop = (await shopUnits()).find((unit) => unit.CODCOLIGADA === code);
    expect(inShop).toMatchObject({ active: false });
    expect((await auditOf(code)).map((entry) => entry.summary)).toContain(
      `Desativou a unidade ${code} – Colégio Saber Petrolina`,
    );

    const entries = (await auditOf(code)).length;
    const version = await catalogueVersion();
    expect((await update(code, typed({ active: false }))).status).toBe(200);
    expect(await auditOf(code)).toHaveLength(entries);
    expect(await catalogueVersion()).toBe(version);
  });

  it("never deactivates the head office, the fallback of spec §9", async () => {
    const headOffice = (await row("0"))!;
    const { status, body } = await update("0", {
      ...typed({ name: headOffice.name, active: false }),
    });
    expect(status).toBe(400);
    expect(body.error.message).toBe(UNIT_MESSAGES.headOfficeActive);
    expect(await row("0")).toEqual(headOffice);
  });

  it("answers 404 for a code the store does not have, or that is no code", async () => {
    for (const code of ["9999", "abc"]) {
      const { status, body } = await update(code, typed());
      expect(status).toBe(404);
      expect(body.error.message).toBe(UNIT_MESSAGES.notFound);
      const read = await t.call("GET", `/gestor/units/${code}?storeId=1`, undefined, { token: admin.token });
      expect(read.status).toBe(404);
    }
    expect(await row("9999")).toBeUndefined();
  });
});

describe("the network's order", () => {
  it("moves a unit one place up and down, audited, and the shop lists them in that order", async () => {
    const order = async () => (await list()).units.map((unit: { code: string }) => unit.code) as string[];
    const start = await order();
    const second = start[1]!;
    const third = start[2]!;
    const moved = await move(third, "up");
    expect(moved.status).toBe(200);
    expect(moved.body.units.map((unit: { code: string }) => unit.code).slice(0, 3)).toEqual([start[0], third, second]);
    expect((await shopUnits()).map((unit) => unit.CODCOLIGADA).slice(0, 3)).toEqual([start[0], third, second]);
    const [entry] = (await auditOf(third)).filter((candidate) => candidate.action === "unit.move");
    expect(entry!.summary).toMatch(new RegExp(`^Moveu a unidade ${third} – .+ para cima \\(3ª → 2ª\\)$`));

    await move(third, "down");
    expect(await order()).toEqual(start);
  });

  it("moves a unit only from the place the person saw it at: a repeated post moves it once", async () => {
    const codesInOrder = async () => (await list()).units.map((unit: { code: string }) => unit.code) as string[];
    const start = await codesInOrder();
    const unit = start[3]!;
    const entries = (await auditOf(unit)).length;
    const post = () =>
      t.call("POST", `/gestor/units/${unit}/move`, { storeId: 1, direction: "up", place: 4 }, { token: admin.token });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect((await codesInOrder()).indexOf(unit)).toBe(2);
    expect(await auditOf(unit)).toHaveLength(entries + 1);
    await move(unit, "down");
    expect(await codesInOrder()).toEqual(start);
  });

  it("leaves the first unit moved up where it is, writing nothing", async () => {
    const [first] = (await list()).units;
    const entries = (await auditOf(first.code)).length;
    const { status, body } = await move(first.code, "up");
    expect(status).toBe(200);
    expect(body.units[0].code).toBe(first.code);
    expect(await auditOf(first.code)).toHaveLength(entries);
  });

  it("refuses an unknown direction or unit", async () => {
    expect((await move("1", "left")).body.error.message).toBe(UNIT_MESSAGES.direction);
    expect((await move("9998", "up")).status).toBe(404);
  });
});
