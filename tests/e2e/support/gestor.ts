/**
 * Staff for the gestor area's browser tests: a person of a role, logged in without the login
 * form (a staff session made in the e2e server's database, second factor given, and the area's
 * signed cookie for it). Only the tests about logging in go through /gestor/entrar.
 */
import type { BrowserContext } from "@playwright/test";
import type { StaffRole } from "#api/contract/gestor/staff.ts";
import { hashPassword } from "#db/passwords.ts";
import { COMMAND_LINE } from "#api/gestor/audit/audit-log.ts";
import { createStaff } from "#api/gestor/staff/staff-accounts.ts";
import { issueStaffSession } from "#api/gestor/staff/staff-sessions.ts";
import { commitStaffToken } from "#app/features/gestor/staff-session.server.ts";
import { e2eEnv } from "./e2e-env.ts";
import { withStoreDatabase } from "./server-side.ts";
// Loaded for its side effect: the app's cookie code signs with the e2e server's secret.
import "./session.ts";

export const STAFF_PASSWORD = "Girassol-azul-2026";

export interface StaffMemberInTest {
  staffId: string;
  email: string;
  name: string;
  role: StaffRole;
}

// One hash of STAFF_PASSWORD per test worker, for every person it makes: at the store's cost
// (a tenth of a second of CPU each, db/password-cost.ts) a new one per person slowed every
// gestor test, and no test depends on two people's salts differing.
let staffPasswordHash: Promise<string> | undefined;

/**
 * A person of the role with a password (STAFF_PASSWORD) and no authenticator; a secretary works
 * for `unitCodes` (unit 1 unless given).
 */
export async function createStaffMember(
  role: StaffRole,
  name = `Equipe ${role}`,
  unitCodes: readonly string[] = role === "secretaria" ? ["1"] : [],
): Promise<StaffMemberInTest> {
  const email = `${role}-${crypto.randomUUID().slice(0, 8)}@escola.test`;
  const passwordHash = await (staffPasswordHash ??= hashPassword(STAFF_PASSWORD));
  return withStoreDatabase(async (db) => {
    const { staffId } = await createStaff(db, { email, name, role, unitCodes }, COMMAND_LINE, new Date());
    await db.updateTable("staff").set({ password_hash: passwordHash }).where("id", "=", staffId).execute();
    return { staffId, email, name, role };
  });
}

/** Logs a new person of the role into the area in this browser context; answers who. */
export async function logInStaff(
  context: BrowserContext,
  role: StaffRole,
  name?: string,
  unitCodes?: readonly string[],
): Promise<StaffMemberInTest> {
  const person = await createStaffMember(role, name, unitCodes);
  const { token } = await withStoreDatabase((db) =>
    issueStaffSession(db, person.staffId, new Date(), { mfaPassed: true, address: null }),
  );
  const setCookie = await commitStaffToken(new Request(e2eEnv.baseURL), token);
  const pair = setCookie.split(";", 1)[0]!;
  const equals = pair.indexOf("=");
  await context.addCookies([
    {
      name: pair.slice(0, equals),
      value: pair.slice(equals + 1),
      domain: e2eEnv.host,
      path: "/",
      httpOnly: true,
      secure: false,
      sameSite: "Strict",
    },
  ]);
  return person;
}
