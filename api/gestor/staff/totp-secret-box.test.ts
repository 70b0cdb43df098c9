import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "#tests/fixtures/test-api.ts";
import { createTestStaff } from "#tests/fixtures/staff.ts";
import { newTotpSecret } from "./totp.ts";
import { openTotpSecret, resealTotpSecrets, sealTotpSecret, totpKeysFrom } from "./totp-secret-box.ts";

const OLD = totpKeysFrom(["chave-antiga-dos-autenticadores-0123456789"]);
const NEW = totpKeysFrom(["chave-nova-dos-autenticadores-9876543210ab"]);
const ROTATING = [...NEW, ...OLD];

describe("sealing a staff member's authenticator secret", () => {
  const secret = newTotpSecret();

  it("keeps nothing of the secret in the stored value, and opens it with the key", () => {
    const sealed = sealTotpSecret(NEW, "pessoa-1", secret);
    expect(sealed).toMatch(/^enc1:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(sealTotpSecret(NEW, "pessoa-1", secret)).not.toBe(sealed);
    expect(openTotpSecret(NEW, "pessoa-1", sealed)).toEqual({ secret, keyIndex: 0 });
  });

  it("does not open with another key, for another person, or changed", () => {
    const sealed = sealTotpSecret(NEW, "pessoa-1", secret);
    expect(openTotpSecret(OLD, "pessoa-1", sealed)).toBeNull();
    expect(openTotpSecret(NEW, "pessoa-2", sealed)).toBeNull();
    const flipped = sealed.slice(0, -2) + (sealed.endsWith("A") ? "B" : "A") + sealed.slice(-1);
    expect(openTotpSecret(NEW, "pessoa-1", flipped)).toBeNull();
  });

  it("opens an old key's value while rotating (new key first) and says which key did", () => {
    const sealed = sealTotpSecret(OLD, "pessoa-1", secret);
    expect(openTotpSecret(ROTATING, "pessoa-1", sealed)).toEqual({ secret, keyIndex: 1 });
  });

  it("reads a secret stored in clear before sealing", () => {
    expect(openTotpSecret(NEW, "pessoa-1", secret)).toEqual({ secret, keyIndex: null });
  });
});

describe("resealTotpSecrets (at start, and gestor.ts reseal-totp)", () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ seed: false });
  });
  afterAll(() => t.close());

  const stored = async (staffId: string) =>
    (await t.db.selectFrom("staff").select("totp_secret").where("id", "=", staffId).executeTakeFirstOrThrow())
      .totp_secret!;

  it("seals clear secrets, moves old keys' to the new one, and names those no key opens", async () => {
    const [clear, old, current, lost, none] = await Promise.all(
      ["admin", "atendimento", "admin", "atendimento", "admin"].map((role) =>
        createTestStaff(t.db, role as "admin" | "atendimento"),
      ),
    );
    const secrets = new Map([clear!, old!, current!, lost!].map((person) => [person.staffId, newTotpSecret()]));
    const put = (staffId: string, value: string) =>
      t.db.updateTable("staff").set({ totp_secret: value }).where("id", "=", staffId).execute();
    await put(clear!.staffId, secrets.get(clear!.staffId)!);
    await put(old!.staffId, sealTotpSecret(OLD, old!.staffId, secrets.get(old!.staffId)!));
    const currentValue = sealTotpSecret(NEW, current!.staffId, secrets.get(current!.staffId)!);
    await put(current!.staffId, currentValue);
    const lostKey = totpKeysFrom(["uma-chave-que-ninguem-mais-tem-0123456789"]);
    await put(lost!.staffId, sealTotpSecret(lostKey, lost!.staffId, secrets.get(lost!.staffId)!));

    const report = await resealTotpSecrets(t.db, ROTATING);
    expect(report).toEqual({ sealed: 1, resealed: 1, unreadable: [lost!.email] });
    for (const person of [clear!, old!, current!])
      expect(openTotpSecret(NEW, person.staffId, await stored(person.staffId))).toEqual({
        secret: secrets.get(person.staffId),
        keyIndex: 0,
      });
    // Already on the newest key: left as it was; no secret: nothing to seal.
    expect(await stored(current!.staffId)).toBe(currentValue);
    expect(
      (await t.db.selectFrom("staff").select("totp_secret").where("id", "=", none!.staffId).executeTakeFirstOrThrow())
        .totp_secret,
    ).toBeNull();
    // Run again (another server starting): nothing left to do.
    expect(await resealTotpSecrets(t.db, ROTATING)).toEqual({ sealed: 0, resealed: 0, unreadable: [lost!.email] });
  });
});
