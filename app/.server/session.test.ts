import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type * as SessionModule from "./session.server.ts";

let session: typeof SessionModule;

beforeAll(async () => {
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "loja-session-"));
  process.env.SESSION_SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
  session = await import("./session.server.ts");
});

const customer = { id: "c1", name: "Mariana Albuquerque Souza", email: "demo@lojaescolar.com.br", avatar: null };

async function requestWith(expiresAt: number) {
  const setCookie = await session.commitCustomerSession(
    new Request("http://loja.local/"),
    { token: "t", customer },
    expiresAt,
  );
  return new Request("http://loja.local/", { headers: { cookie: setCookie.split(";")[0]! } });
}

describe("customer session", () => {
  it("is open until 24 hours after login, then expired", async () => {
    const fresh = await requestWith(Date.now() + session.SESSION_LIFETIME_MS);
    expect(await session.getSessionCustomer(fresh)).toEqual({ customer, token: "t" });
    expect(await session.hasExpiredSession(fresh)).toBe(false);

    const old = await requestWith(Date.now() - 1);
    expect(await session.getSessionCustomer(old)).toBeNull();
    expect(await session.hasExpiredSession(old)).toBe(true);
  });

  it("reads the same session however often a request asks, and one reader's change stays its own until committed", async () => {
    const request = await requestWith(Date.now() + session.SESSION_LIFETIME_MS);
    const first = await session.getSession(request);
    first.unset("customer");
    first.set("guestCartKey", "x".repeat(43));
    // A later read of the same request (the loader after the middleware) still sees the cookie's session.
    expect(await session.getSessionCustomer(request)).toEqual({ customer, token: "t" });
    expect(await session.getGuestCartKey(request)).toBeNull();
    // Another request with another cookie reads its own.
    const visitor = new Request("http://loja.local/");
    expect(await session.getSessionCustomer(visitor)).toBeNull();
  });

  it("lasts 1440 minutes", () => {
    expect(session.SESSION_LIFETIME_MS).toBe(1440 * 60 * 1000);
  });

  it("ignores a tampered cookie", async () => {
    const good = await requestWith(Date.now() + 60_000);
    const cookie = good.headers.get("cookie")!;
    const [name, value] = cookie.split("=");
    // The first character of the signed data, not the last of the signature: a base64
    // signature's last character carries padding bits, so changing it can leave the bytes as they were.
    const tampered = new Request("http://loja.local/", {
      headers: { cookie: `${name}=${value!.replace(/^./, (c) => (c === "e" ? "f" : "e"))}` },
    });
    expect(await session.getSessionCustomer(tampered)).toBeNull();
    expect(await session.hasExpiredSession(tampered)).toBe(false);
  });

  it("sets an httpOnly, SameSite=Lax cookie", async () => {
    const setCookie = await session.commitCustomerSession(new Request("http://loja.local/"), { token: "t", customer });
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("keeps the whole customer (CPF, address) only when asked: for a store API without get-customer", async () => {
    const whole = {
      ...customer,
      cellPhone: "81999990000",
      cpf: "52998224725",
      birthDate: "1985-03-10",
      zipcode: "50030230",
      street: "Rua do Sol",
      houseNumber: "325",
      neighborhood: "Santo Antônio",
      city: "Recife",
      state: "PE",
    };
    const later = Date.now() + 60_000;
    const cookieOf = (setCookie: string) =>
      new Request("http://loja.local/", { headers: { cookie: setCookie.split(";")[0]! } });
    const plain = await session.commitCustomerSession(
      new Request("http://loja.local/"),
      { token: "t", customer: whole },
      later,
    );
    expect(await session.getSessionProfile(cookieOf(plain))).toBeNull();
    const kept = await session.commitCustomerSession(
      new Request("http://loja.local/"),
      { token: "t", customer: whole },
      later,
      true,
    );
    expect(await session.getSessionProfile(cookieOf(kept))).toMatchObject({ cpf: "52998224725", city: "Recife" });
  });
});
