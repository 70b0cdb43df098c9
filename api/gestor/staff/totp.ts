/**
 * TOTP (RFC 6238) for staff: 30-second steps, 6 digits, SHA-1, as every authenticator app
 * reads it from a QR. A code is accepted one step either side of now (clock skew) and works
 * once: the step it matched is kept (staff.totp_last_step) and no step at or before it is
 * accepted again (RFC 6238 §5.2).
 */
import { randomBytes } from "node:crypto";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from "@oslojs/otp";

const STEP_SECONDS = 30;
const DIGITS = 6;
/** Steps accepted before and after the current one. */
const SKEW_STEPS = 1;
const ISSUER = "Loja Escolar Gestor";

/** A new secret, base32 as authenticators take it (160 bits, RFC 4226's recommendation). */
export const newTotpSecret = () => encodeBase32UpperCaseNoPadding(randomBytes(20));

/** The otpauth:// address the QR holds. */
export const totpUri = (secret: string, email: string) =>
  createTOTPKeyURI(ISSUER, email, decodeBase32IgnorePadding(secret), STEP_SECONDS, DIGITS);

export const totpStepAt = (now: Date) => Math.floor(now.getTime() / 1000 / STEP_SECONDS);

/** The code of a step (tests and the e2e suite compute codes as an app would). */
export const totpCodeAt = (secret: string, now: Date) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(totpStepAt(now)), DIGITS);

/**
 * The step a code matches within the skew, later than `lastStep`; null when none (wrong,
 * too old, or already used).
 */
export function matchTotpStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  const digits = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(digits)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = totpStepAt(now);
  for (let step = current - SKEW_STEPS; step <= current + SKEW_STEPS; step++) {
    if (lastStep !== null && step <= lastStep) continue;
    if (verifyHOTP(key, BigInt(step), DIGITS, digits)) return step;
  }
  return null;
}
