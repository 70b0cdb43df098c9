/**
 * The login's second step (issue 15; docs/decisions/0028-gestor-area.md): the authenticator's
 * code, or the enrolment of one (an admin's first login, or anyone from Minha conta). The
 * recovery codes are shown in the reply to the enrolment itself, once: they are never stored
 * in clear, so no later page could show them (0028: why this reply is not a redirect).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { gestorAccount } from "#api/contract/gestor/account.ts";
import { pixQrDataUrl } from "#api/payments/pix/qr-svg.ts";
import { formReply } from "#app/.server/form-reply.server.ts";
import { StoreApiError } from "#app/.server/store-api/client.server.ts";
import { toasts } from "#app/.server/toast.server.ts";
import { counted } from "#core/text.ts";
import { GESTOR_PATHS, gestorReturnPath } from "../gestor-paths.ts";
import { currentStaffSession } from "../staff-guard.server.ts";
import { authenticatorCodeSchema, secondFactorSchema } from "./staff-forms.ts";

/** Recovery codes left at which the toast after a login says to make new ones. */
const FEW_RECOVERY_CODES = 3;

const returnPathOf = (request: Request) => gestorReturnPath(new URL(request.url).searchParams.get("redirectTo"));

/** A refusal of the API (wrong code, too many tries) as the form's error; anything else goes on. */
function codeRefused(error: unknown, submission: { reply: (options: object) => unknown }) {
  if (!(error instanceof StoreApiError) || error.status >= 500) throw error;
  return formReply({ result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) }, error.status);
}

export async function codeStepPage(request: Request) {
  const { secondFactor } = await currentStaffSession(request);
  const redirectTo = returnPathOf(request);
  if (secondFactor === null) throw redirect(redirectTo);
  if (secondFactor === "enrol") throw redirect(GESTOR_PATHS.enrol);
  return { redirectTo };
}

export async function giveCode(request: Request) {
  const { call } = await currentStaffSession(request);
  const submission = parseWithZod(await request.formData(), { schema: secondFactorSchema });
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  let reply;
  try {
    reply = await call(gestorAccount.giveSecondFactor, {}, { body: { code: submission.value.code } });
  } catch (error) {
    return codeRefused(error, submission);
  }
  const to = gestorReturnPath(submission.value.redirectTo);
  const left = reply.recoveryCodesLeft;
  if (left <= FEW_RECOVERY_CODES)
    return toasts().redirectWithWarning(
      to,
      `${left === 1 ? "Resta" : "Restam"} ${counted(left, "código", "códigos")} de recuperação. Gere novos em Minha conta.`,
    );
  return toasts().redirectWithSuccess(to, `Olá, ${reply.staff.name}!`);
}

/** Groups of four, as the secret is easiest to type by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(" ");

export async function enrolPage(request: Request) {
  const { call, staff, secondFactor } = await currentStaffSession(request);
  if (secondFactor === "totp") throw redirect(GESTOR_PATHS.secondFactor);
  // Already on (also right after the enrolment, whose reply shows the codes): nothing to scan.
  if (staff.totpEnabled) return { enrolled: true as const };
  const { secret, uri } = await call(gestorAccount.startTotpEnrolment, {});
  return {
    enrolled: false as const,
    // The same server-drawn QR as Pix's: an <img> with the SVG, readable without JavaScript.
    qr: await pixQrDataUrl(uri),
    secret: grouped(secret),
    email: staff.email,
    /** An admin cannot go on without it; anyone else came from Minha conta. */
    required: secondFactor === "enrol",
    redirectTo: returnPathOf(request),
  };
}

export async function confirmEnrolment(request: Request) {
  const { call } = await currentStaffSession(request);
  const submission = parseWithZod(await request.formData(), { schema: authenticatorCodeSchema });
  if (submission.status !== "success") return formReply({ result: submission.reply() }, 400);
  try {
    const { recoveryCodes } = await call(
      gestorAccount.confirmTotpEnrolment,
      {},
      { body: { code: submission.value.code } },
    );
    return formReply({ recoveryCodes, continueTo: gestorReturnPath(submission.value.redirectTo) });
  } catch (error) {
    return codeRefused(error, submission);
  }
}
