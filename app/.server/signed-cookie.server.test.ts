import { createCookie, createCookieSessionStorage } from "react-router";
import { describe, expect, it } from "vitest";
import { createSignedCookie } from "./signed-cookie.server.ts";

const SECRET = "segredo-de-teste-com-pelo-menos-32-caracteres";
const OLD_SECRET = "segredo-antigo-de-teste-com-32-caracteres-ou-mais";
const options = { path: "/", httpOnly: true, sameSite: "lax" as const, secure: false };

const ours = (secrets = [SECRET], extra = {}) => createSignedCookie("loja_teste", { ...options, ...extra, secrets });
const reactRouters = (secrets = [SECRET], extra = {}) => createCookie("loja_teste", { ...options, ...extra, secrets });
const pairOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

const VALUES: unknown[] = [
  "Xq3b9N1vVJxvZJ0rCwQk0E2Fm5yW8uT3a-_Rz7sLp1Q",
  { customer: { name: "João Conceição Müller", email: "joao@escola.com.br" }, expiresAt: 1_790_000_000_000 },
  { emoji: "📚✏️", quote: 'a "b" ; c=d %', empty: "" },
  [1, 2, 3],
];

describe("signed cookie (React Router's format, node:crypto)", () => {
  it("writes the same Set-Cookie as React Router's createCookie, byte for byte", async () => {
    const expires = new Date("2030-01-02T03:04:05Z");
    for (const value of VALUES) {
      expect(ours().serializeNow(value)).toBe(await reactRouters().serialize(value));
      expect(ours([SECRET], { maxAge: 600 }).serializeNow(value)).toBe(
        await reactRouters([SECRET], { maxAge: 600 }).serialize(value),
      );
      expect(ours([SECRET], { secure: true }).serializeNow(value, { expires })).toBe(
        await reactRouters([SECRET], { secure: true }).serialize(value, { expires }),
      );
    }
    const cleared = { maxAge: undefined, expires: new Date(0) };
    expect(ours([SECRET], { maxAge: 600 }).serializeNow("", cleared)).toBe(
      await reactRouters([SECRET], { maxAge: 600 }).serialize("", cleared),
    );
  });

  it("reads what React Router signed, and React Router reads what it signs", async () => {
    for (const value of VALUES) {
      const header = `outro=1; ${pairOf(await reactRouters().serialize(value))}; mais=2`;
      expect(ours().parseNow(header)).toEqual(value);
      expect(await reactRouters().parse(pairOf(ours().serializeNow(value)))).toEqual(value);
    }
  });

  it("refuses a changed value or signature, and one signed with a secret it does not hold", async () => {
    const pair = pairOf(ours().serializeNow({ token: "a" }));
    const [name, signed = ""] = pair.split("=");
    const [data = "", mac = ""] = decodeURIComponent(signed).split(".");
    const forged = encodeURIComponent(`${Buffer.from('{"token":"b"}').toString("base64")}.${mac}`);
    expect(ours().parseNow(`${name}=${forged}`)).toBeNull();
    expect(ours().parseNow(`${name}=${encodeURIComponent(`${data}.${mac.slice(1)}`)}`)).toBeNull();
    expect(ours().parseNow(`${name}=${data}`)).toBeNull();
    expect(ours([OLD_SECRET]).parseNow(pair)).toBeNull();
    expect(await reactRouters([OLD_SECRET]).parse(pair)).toBeNull();
  });

  it("signs with the newest secret and reads with every one (a rotation keeps open sessions)", async () => {
    const before = pairOf(ours([OLD_SECRET]).serializeNow("valor"));
    const rotated = ours([SECRET, OLD_SECRET]);
    expect(rotated.parseNow(before)).toBe("valor");
    expect(ours([OLD_SECRET]).parseNow(pairOf(rotated.serializeNow("novo")))).toBeNull();
    expect(await reactRouters([SECRET]).parse(pairOf(rotated.serializeNow("novo")))).toBe("novo");
  });

  it('tells a missing cookie (null) from an empty one ("")', () => {
    expect(ours().parseNow(null)).toBeNull();
    expect(ours().parseNow("outro=1")).toBeNull();
    expect(ours().parseNow("loja_teste=; outro=1")).toBe("");
  });

  it("backs React Router's cookie session storage", async () => {
    const storage = createCookieSessionStorage<{ name: string }>({ cookie: ours() });
    const session = await storage.getSession(null);
    session.set("name", "Conceição");
    const header = pairOf(await storage.commitSession(session));
    expect((await storage.getSession(header)).get("name")).toBe("Conceição");
    const viaReactRouter = createCookieSessionStorage<{ name: string }>({
      cookie: { name: "loja_teste", ...options, secrets: [SECRET] },
    });
    expect((await viaReactRouter.getSession(header)).get("name")).toBe("Conceição");
  });
});
