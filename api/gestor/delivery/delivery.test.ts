/**
 * Separação, Prontos and the Painel through the store API (issue 30; docs/decisions/0075): only
 * paid sales' goods are listed and moved, each move once (a second tab moves nothing twice), a
 * secretary her units' lines only, "Pronto" e-mails the family the unit's address, hours, the
 * code and what is ready, and the pending pickups come out as the gestor's CSV.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { READY_OVERDUE_DAYS } from "#core/delivery.ts";
import { signUpAndLogIn, type SignedUpCustomer } from "#tests/fixtures/customers.ts";
import { insertSale } from "#tests/fixtures/sales.ts";
import { createTestStaff, gestorTestApiForFile, type TestStaff } from "#tests/fixtures/staff.ts";

const {
  t,
  admin,
  secretaria: secretary,
  atendimento,
} = gestorTestApiForFile(["admin", "secretaria", "atendimento"], {
  seed: true,
  catalogueSize: 12,
});
let otherSecretary: TestStaff;
let customer: SignedUpCustomer;
const sales = {} as Record<"lucas" | "ana" | "pending" | "cancelled" | "refunded", string>;
const bags = {} as Record<keyof typeof sales, string>;
const PAID_AT = "2026-11-20T13:00:00.000Z";

const bagOf = async (saleId: string) =>
  (await t.db.selectFrom("sale_bags").select("id").where("sale_id", "=", saleId).executeTakeFirstOrThrow()).id;

const statesOf = async (saleId: string) =>
  Object.fromEntries(
    (
      await t.db
        .selectFrom("sale_bag_items")
        .innerJoin("sale_bags", "sale_bags.id", "sale_bag_items.sale_bag_id")
        .select(["sale_bag_items.title", "sale_bag_items.delivery_state"])
        .where("sale_bags.sale_id", "=", saleId)
        .execute()
    ).map((line) => [line.title, line.delivery_state]),
  );

const list = (person: TestStaff, query = "") => t.call("GET", `/gestor/delivery/bags${query}`, undefined, person);
const move = (person: TestStaff, name: "separate" | "unseparate" | "ready", bagIds: string[]) =>
  t.call("POST", `/gestor/delivery/${name}`, { bagIds }, person);
const listedIds = (reply: { body: { rows: { id: string }[] } }) => reply.body.rows.map((bag) => bag.id);

beforeAll(async () => {
  otherSecretary = await createTestStaff(t.db, "secretaria", { unitCodes: ["4"] });
  customer = await signUpAndLogIn(t, { name: "Mariana Entrega Souza" });
  const lucas = await t.db.selectFrom("students").select("id").where("ra", "=", "20250001").executeTakeFirstOrThrow();
  const sale = (
    status: "paid" | "pending" | "cancelled",
    studentName: string,
    items: Parameters<typeof insertSale>[1]["bags"] = [],
  ) =>
    insertSale(t.db, {
      customer_id: customer.id,
      status,
      paid_at: status === "paid" ? PAID_AT : null,
      bags: items.length
        ? items
        : [{ student_name: studentName, items: [{ title: "Caderno", quantity: 1, unit_price_cents: 2000 }] }],
    });
  sales.lucas = await sale("paid", "", [
    {
      student_name: "Lucas Albuquerque Souza",
      student_ra: "20250001",
      items: [
        {
          title: "Camiseta do uniforme",
          quantity: 2,
          unit_price_cents: 5000,
          option_name: "Tamanho",
          option_value: "M",
        },
        { title: "Caderno universitário", quantity: 1, unit_price_cents: 3000 },
        { title: "Mochila da unidade 4", quantity: 1, unit_price_cents: 9000, unit_code: "4" },
        { title: "Curso de robótica", quantity: 1, unit_price_cents: 20000, type: "S" },
      ],
    },
  ]);
  sales.ana = await sale("paid", "Ana Sem Matrícula");
  sales.pending = await sale("pending", "Pedro Boleto Pendente");
  sales.cancelled = await sale("cancelled", "Clara Pedido Cancelado");
  sales.refunded = await sale("paid", "Rafael Estorno");
  for (const key of Object.keys(sales) as (keyof typeof sales)[]) bags[key] = await bagOf(sales[key]);
  await t.db.updateTable("sale_bags").set({ student_id: lucas.id }).where("id", "=", bags.lucas).execute();
  await t.db.updateTable("sales").set({ pickup_code: "AB3K7Q" }).where("id", "=", sales.lucas).execute();
  await t.db.updateTable("sales").set({ pickup_code: "ZZ9X8W" }).where("id", "=", sales.ana).execute();
});

describe("Separação", () => {
  it("lists the paid bags of the secretary's units by grade, class and student, never an unpaid one", async () => {
    const reply = await list(secretary);
    expect(reply.status).toBe(200);
    // Lucas (EF06, class B, in the roster) first; a bag outside the roster after.
    expect(listedIds(reply)).toEqual([bags.lucas, bags.ana, bags.refunded]);
    const lucas = reply.body.rows[0];
    expect(lucas).toMatchObject({ codgrade: "EF06", turma: "B", pickupCode: "AB3K7Q", studentRA: "20250001" });
    const mochila = lucas.lines.find((line: { title: string }) => line.title === "Mochila da unidade 4");
    expect(mochila.otherUnit).toBe(true);
    expect(lucas.lines.find((line: { type: string }) => line.type === "S").state).toBe("seat_confirmed");
    for (const person of [secretary, admin]) {
      const ids = listedIds(await list(person));
      expect(ids).not.toContain(bags.pending);
      expect(ids).not.toContain(bags.cancelled);
    }
    expect(listedIds(await list(secretary, "?codgrade=EF06&turma=B"))).toEqual([bags.lucas]);
    // The grade filter offers the period's grades, labelled as the list labels a bag's grade.
    const { grades } = (await t.call("GET", "/gestor/delivery/summary", undefined, secretary)).body;
    expect(grades).toContainEqual({ codgrade: "EF06", label: lucas.gradeLabel });
    expect(listedIds(await list(secretary, "?codgrade=EF06&turma=A"))).toEqual([]);
  });

  it("shows another unit's secretary only the bags with a line of hers, and moves only her lines", async () => {
    expect(listedIds(await list(otherSecretary))).toEqual([bags.lucas]);
    expect(listedIds(await list(otherSecretary, "?unitCode=1"))).toEqual([]);
    const refused = await move(otherSecretary, "separate", [bags.ana]);
    expect(refused.body).toEqual({ moved: 0, skipped: 0 });
    expect(await statesOf(sales.ana)).toEqual({ Caderno: "awaiting" });
    const picking = await t.call(
      "GET",
      `/gestor/delivery/picking-list?bagIds=${bags.ana},${bags.lucas}`,
      undefined,
      otherSecretary,
    );
    expect(picking.body.bags.map((bag: { id: string }) => bag.id)).toEqual([bags.lucas]);
    expect(await t.call("GET", "/gestor/delivery/bags", undefined, atendimento).then((r) => r.status)).toBe(403);
    expect((await move(atendimento, "separate", [bags.ana])).status).toBe(403);
  });

  it("separates a bag's lines of the person's units once, and undoes a separation", async () => {
    const first = await move(secretary, "separate", [bags.lucas]);
    expect(first.body).toEqual({ moved: 2, skipped: 0 });
    expect(await statesOf(sales.lucas)).toMatchObject({
      "Camiseta do uniforme": "separated",
      "Caderno universitário": "separated",
      "Mochila da unidade 4": "awaiting",
      "Curso de robótica": "awaiting",
    });
    // A second tab or a double click: nothing moves twice.
    expect((await move(secretary, "separate", [bags.lucas])).body).toEqual({ moved: 0, skipped: 2 });
    const events = await t.db
      .selectFrom("delivery_events")
      .select(["kind", "staff_id"])
      .where("sale_id", "=", sales.lucas)
      .execute();
    expect(events).toHaveLength(2);
    expect(events.every((event) => event.kind === "separated" && event.staff_id === secretary.staffId)).toBe(true);
    expect(listedIds(await list(secretary))).not.toContain(bags.lucas);
    expect(listedIds(await list(secretary, "?state=separated"))).toEqual([bags.lucas]);
    // Unit 4's line still waits there.
    expect(listedIds(await list(otherSecretary))).toEqual([bags.lucas]);

    expect((await move(secretary, "unseparate", [bags.lucas])).body).toEqual({ moved: 2, skipped: 0 });
    expect(listedIds(await list(secretary, "?state=separated"))).toEqual([]);
    expect((await move(secretary, "separate", [bags.lucas])).body).toEqual({ moved: 2, skipped: 0 });
  });

  it("drops a sale refunded before pickup from every list and move", async () => {
    expect(listedIds(await list(admin))).toContain(bags.refunded);
    await t.db.updateTable("sales").set({ status: "refunded" }).where("id", "=", sales.refunded).execute();
    expect(listedIds(await list(admin))).not.toContain(bags.refunded);
    expect((await move(admin, "separate", [bags.refunded])).body).toEqual({ moved: 0, skipped: 0 });
    expect(await statesOf(sales.refunded)).toEqual({ Caderno: "awaiting" });
  });
});

describe("Prontos", () => {
  it("marks ready and e-mails the family the unit's address, hours, code and what is ready", async () => {
    t.mail.length = 0;
    expect((await move(secretary, "ready", [bags.lucas])).body).toEqual({ moved: 2, skipped: 0 });
    expect(t.mail).toHaveLength(1);
    const [mail] = t.mail;
    expect(mail!.to).toBe(customer.email);
    // Unit 4's backpack is still on its way: only part of the order is ready.
    expect(mail!.subject).toContain("Parte do seu pedido está pronta para retirada");
    expect(mail!.text).toContain("Os itens abaixo do seu pedido");
    expect(mail!.text).toContain("estão prontos para retirada.");
    expect(mail!.text).toContain("Veja o QR Code do código de retirada:");
    expect(mail!.html).toContain(`/comprovantePublico/${bags.lucas}/${sales.lucas}"`);
    for (const part of [mail!.text, mail!.html]) {
      expect(part).toContain("Colégio Saber Boa Viagem");
      expect(part).toContain("Rua Ernesto de Paula Santos, 1020, Boa Viagem");
      expect(part).toContain("Seg. a sex., 7h às 17h");
      expect(part).toContain("AB3-K7Q");
      expect(part).toContain("Lucas Albuquerque Souza");
      expect(part).toContain("2 x Camiseta do uniforme (Tamanho: M)");
      expect(part).toContain("1 x Caderno universitário");
      // Unit 4's backpack is still on its way.
      expect(part).not.toContain("Mochila");
      expect(part).toContain("ainda estão sendo preparados");
    }
    // Marked again from another tab: nothing moves, nobody is e-mailed twice.
    expect((await move(secretary, "ready", [bags.lucas])).body).toEqual({ moved: 0, skipped: 2 });
    expect(t.mail).toHaveLength(1);
    const outbox = await t.db.selectFrom("mail_outbox").select("kind").where("kind", "=", "pickup-ready").execute();
    expect(outbox).toHaveLength(1);
  });

  it("says to ask the unit when it has no pickup hours, and nothing about lines still on the way when none are", async () => {
    await t.db.updateTable("school_units").set({ pickup_hours: null }).where("code", "=", "1").execute();
    t.mail.length = 0;
    // "Pronto" straight from "Aguardando separação": a bag separated and shelved at once.
    expect((await move(secretary, "ready", [bags.ana])).body).toEqual({ moved: 1, skipped: 0 });
    await t.db
      .updateTable("school_units")
      .set({ pickup_hours: "Seg. a sex., 7h às 17h" })
      .where("code", "=", "1")
      .execute();
    expect(t.mail[0]!.text).toContain("Horário de retirada: consulte a secretaria da unidade");
    expect(t.mail[0]!.text).toContain("ZZ9-X8W");
    expect(t.mail[0]!.text).not.toContain("ainda estão sendo preparados");
    // One item, the whole order: singular, and the subject says it all is ready.
    expect(t.mail[0]!.subject).toContain("Seu pedido está pronto para retirada");
    expect(t.mail[0]!.text).toContain("O item abaixo do seu pedido");
    expect(t.mail[0]!.text).toContain("está pronto para retirada.");
    expect(t.mail[0]!.text).toContain(`/comprovantePublico/${bags.ana}/${sales.ana}`);
  });

  it("lists what waits for pickup oldest first and counts it on the Painel, late after the days allowed", async () => {
    const ready = await list(secretary, "?state=ready");
    expect(listedIds(ready)).toEqual([bags.lucas, bags.ana]);
    const summary = await t.call("GET", "/gestor/delivery/summary", undefined, secretary);
    expect(summary.body.overdueDays).toBe(READY_OVERDUE_DAYS);
    expect(summary.body.units).toEqual([
      { unitCode: "1", unitName: "Colégio Saber Boa Viagem", awaiting: 0, separated: 0, ready: 2, readyOverdue: 0 },
    ]);
    const other = await t.call("GET", "/gestor/delivery/summary", undefined, otherSecretary);
    expect(other.body.units).toMatchObject([{ unitCode: "4", awaiting: 1, separated: 0, ready: 0 }]);

    expect(listedIds(await list(secretary, "?state=ready&overdue=1"))).toEqual([]);
    // Ready a day more than allowed: late on the Painel and in Prontos' filter.
    const longAgo = new Date(Date.now() - (READY_OVERDUE_DAYS + 1) * 24 * 60 * 60 * 1000).toISOString();
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state_at: longAgo })
      .where("delivery_state", "=", "ready")
      .where("sale_bag_id", "=", bags.lucas)
      .execute();
    const late = await t.call("GET", "/gestor/delivery/summary", undefined, secretary);
    expect(late.body.units[0].readyOverdue).toBe(1);
    expect(listedIds(await list(secretary, "?state=ready&overdue=1"))).toEqual([bags.lucas]);
    const network = await t.call("GET", "/gestor/delivery/summary", undefined, admin);
    expect(network.body.units.find((unit: { unitCode: string }) => unit.unitCode === "1").readyOverdue).toBe(1);

    // Each listed bag says whether it is late by the Painel's own rule.
    const rows = (await list(secretary, "?state=ready")).body.rows as { id: string; overdue: boolean }[];
    expect(rows.map((bag) => [bag.id, bag.overdue])).toEqual([
      [bags.lucas, true],
      [bags.ana, false],
    ]);
  });

  it("calls a bag late an hour after the days allowed, in Prontos as on the Painel", async () => {
    // 7 days and 1 hour: 7 whole days, yet more than 7 × 24 hours, so late in both.
    const justLate = new Date(Date.now() - READY_OVERDUE_DAYS * 24 * 60 * 60 * 1000 - 60 * 60 * 1000).toISOString();
    await t.db
      .updateTable("sale_bag_items")
      .set({ delivery_state_at: justLate })
      .where("delivery_state", "=", "ready")
      .where("sale_bag_id", "=", bags.lucas)
      .execute();
    const summary = await t.call("GET", "/gestor/delivery/summary", undefined, secretary);
    expect(summary.body.units[0].readyOverdue).toBe(1);
    const lucas = (await list(secretary, "?state=ready")).body.rows.find(
      (bag: { id: string }) => bag.id === bags.lucas,
    );
    expect(lucas).toMatchObject({ overdue: true, waitingDays: READY_OVERDUE_DAYS, since: justLate });
  });
});

describe("pending pickups as CSV", () => {
  const csvOf = async (person: TestStaff, query = "") => {
    const response = await t.api.request(`/gestor/delivery/pending/export${query}`, {
      headers: { authorization: `Bearer ${person.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    // Read as bytes: a TextDecoder drops the BOM a spreadsheet needs.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    return new TextDecoder().decode(bytes);
  };

  it("writes one row per line not picked up of the person's units, with a BOM and semicolons", async () => {
    const csv = await csvOf(secretary);
    expect(csv.startsWith("unidade;codigo_retirada;pedido;responsavel;estudante;ra;serie;turma;item;")).toBe(true);
    const rows = csv.trim().split("\r\n").slice(1);
    expect(rows).toHaveLength(3);
    const camiseta = rows.find((row) => row.includes("Camiseta do uniforme"))!.split(";");
    expect(camiseta).toEqual(
      expect.arrayContaining([
        "Colégio Saber Boa Viagem",
        "AB3K7Q",
        "Lucas Albuquerque Souza",
        "20250001",
        "B",
        "M",
        "2",
      ]),
    );
    expect(camiseta).toContain("Pronto para retirada");
    expect(csv).not.toContain("Mochila");
    expect(csv).not.toContain("Curso de robótica");
    expect(csv).not.toContain("Pedro Boleto Pendente");
    expect(csv).not.toContain("Rafael Estorno");

    const other = await csvOf(otherSecretary);
    expect(other).toContain("Mochila da unidade 4");
    expect(other).toContain("Aguardando separação");
    expect(other).not.toContain("Camiseta");
    expect(other).not.toContain("Ana Sem Matrícula");
    // Another unit named in the address: still only hers.
    expect(await csvOf(otherSecretary, "?unitCode=1")).not.toContain("Ana Sem Matrícula");
  });
});
