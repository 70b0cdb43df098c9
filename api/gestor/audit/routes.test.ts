import { beforeAll, describe, expect, it } from "vitest";
import { createTestStaff, gestorTestApiForFile } from "#tests/fixtures/staff.ts";
import { GESTOR_PAGE_SIZE } from "../../contract/gestor/paging.ts";
import { createStaff } from "../staff/staff-accounts.ts";
import { COMMAND_LINE, recordAudit } from "./audit-log.ts";

// The admin, invited by the command line now: the newest entry.
const { t, admin } = gestorTestApiForFile(["admin"], { seed: false });
beforeAll(async () => {
  // Two days of entries: 30 cart removals by the admin on 10/11 (Recife), one invitation by the
  // command line at 23:30 of 11/11 in Recife (02:30 UTC of the 12th).
  const actor = { kind: "staff", staffId: admin.staffId, email: admin.email, address: null } as const;
  for (let i = 0; i < 30; i++)
    await recordAudit(
      t.db,
      actor,
      {
        action: "cart.remove-item",
        targetType: "cart",
        targetId: `cart-${i}`,
        summary: `Removeu item ${i}`,
        before: { quantity: i + 1 },
        after: { quantity: 0 },
      },
      new Date(Date.UTC(2026, 10, 10, 12, i)),
    );
  await createStaff(
    t.db,
    { email: "noite@escola.test", name: "Noite", role: "atendimento" },
    COMMAND_LINE,
    new Date("2026-11-12T02:30:00Z"),
  );
});

const list = (query: string, token = admin.token) => t.call("GET", `/gestor/audit${query}`, undefined, { token });
const summaries = (body: { rows: { summary: string }[] }) => body.rows.map((row) => row.summary);

describe("Auditoria", () => {
  it("lists the log newest first, a page at a time, with before and after", async () => {
    const first = await list("");
    expect(first.body.total).toBe(32);
    expect(first.body.rows).toHaveLength(GESTOR_PAGE_SIZE);
    expect(first.body.rows[0]).toMatchObject({ actor: "linha de comando", targetId: admin.staffId });
    expect(first.body.rows[1]).toMatchObject({
      actor: "linha de comando",
      summary: "Convidou noite@escola.test (Atendimento)",
    });
    expect(first.body.rows[2]).toMatchObject({
      summary: "Removeu item 29",
      before: { quantity: 30 },
      after: { quantity: 0 },
    });
    const second = await list("?page=2");
    expect([second.body.page, second.body.pageCount, second.body.rows.length]).toEqual([2, 2, 7]);
    expect(second.body.rows.at(-1).summary).toBe("Removeu item 0");
    expect(first.body.actions).toEqual(["cart.remove-item", "staff.invite"]);
    // A page past the end shows the last one; nonsense is page 1.
    expect((await list("?page=99")).body.page).toBe(2);
    expect((await list("?page=abc")).body.page).toBe(1);
  });

  it("filters by person, action or its start, target and days in Brazil's time", async () => {
    expect((await list("?actor=LINHA%20DE%20COMANDO")).body.total).toBe(2);
    expect((await list(`?actor=${encodeURIComponent(admin.email)}`)).body.total).toBe(30);
    expect((await list("?action=cart.")).body.total).toBe(30);
    expect((await list("?action=staff.invite")).body.total).toBe(2);
    expect((await list("?action=staff.inv%25")).body.total).toBe(0);
    expect(summaries((await list("?targetType=cart&targetId=cart-7")).body)).toEqual(["Removeu item 7"]);
    // 23:30 in Recife on 11/11 is that day, though the 12th in UTC.
    expect(summaries((await list("?from=2026-11-11&to=2026-11-11")).body)).toEqual([
      "Convidou noite@escola.test (Atendimento)",
    ]);
    expect((await list("?from=2026-11-10&to=2026-11-10")).body.total).toBe(30);
    // A day that does not exist filters nothing rather than failing.
    expect((await list("?from=2026-02-31")).body.total).toBe(32);
  });

  it("is read-only and the admins' only", async () => {
    expect((await t.call("POST", "/gestor/audit", {}, { token: admin.token })).status).toBe(404);
    const atendente = await createTestStaff(t.db, "atendimento");
    expect((await list("", atendente.token)).status).toBe(403);
  });
});
