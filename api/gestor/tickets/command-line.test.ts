import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomAddress } from "#tests/fixtures/customers.ts";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { GestorError } from "../gestor-error.ts";
import { findTicket, listTickets } from "./command-line.ts";

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi({ seed: true });
});
afterAll(() => t.close());

async function ticketAt(iso: string, name: string) {
  t.setNow(new Date(iso));
  const reply = await t.call(
    "POST",
    "/tickets/create-ticket",
    {
      storeId: 1,
      name,
      email: `${crypto.randomUUID()}@exemplo.com.br`,
      subject: "outro",
      message: "Uma dúvida sobre a loja.",
    },
    { address: randomAddress() },
  );
  return reply.body.ticket.protocol as string;
}

describe("the gestor's tickets", () => {
  it("lists them oldest first, from a day in Recife on, and shows one in full", async () => {
    const first = await ticketAt("2026-03-09T14:00:00Z", "Ana Souza");
    // 23:30 on 9 March in Recife, already the 10th in UTC.
    const second = await ticketAt("2026-03-10T02:30:00Z", "Bruno Lima");
    const third = await ticketAt("2026-03-10T15:00:00Z", "Clara Dias");

    expect((await listTickets(t)).map((ticket) => ticket.protocol)).toEqual([first, second, third]);
    expect((await listTickets(t, { since: "2026-03-10" })).map((ticket) => ticket.name)).toEqual(["Clara Dias"]);
    expect(await listTickets(t, { status: "respondido" })).toEqual([]);
    expect((await listTickets(t, { status: "aberto" })).length).toBe(3);
    await expect(listTickets(t, { since: "10/03/2026" })).rejects.toThrow(GestorError);

    expect(await findTicket(t, second)).toMatchObject({ name: "Bruno Lima", message: "Uma dúvida sobre a loja." });
    await expect(findTicket(t, "2026-999999")).rejects.toThrow("Nenhuma mensagem com o protocolo 2026-999999.");
  });
});
