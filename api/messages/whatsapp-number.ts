/**
 * A customer's cell phone as a WhatsApp number (issue 31). The store keeps 11 digits, DDD and
 * number ("81991234567"); the Cloud API takes the number with the country code, digits only.
 *
 * Meta's webhook names a Brazilian sender by its WhatsApp id (wa_id), which for many numbers
 * registered before the ninth digit lacks it ("558191234567" for 81 99123-4567): two numbers are
 * the same when they match with the ninth digit taken out.
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */

const BRAZIL = "55";

/** "81991234567" → "5581991234567"; null for anything but a Brazilian cell phone. */
export function whatsappNumberOf(cellPhone: string | null | undefined): string | null {
  const digits = (cellPhone ?? "").replace(/\D/g, "");
  const national = digits.length === 13 && digits.startsWith(BRAZIL) ? digits.slice(2) : digits;
  // DDD 11–99 and a mobile number: nine digits starting with 9.
  if (!/^[1-9][1-9]9\d{8}$/.test(national)) return null;
  return BRAZIL + national;
}

/** The ways a Brazilian WhatsApp id may be stored as a customer's cell phone (11 digits): with the ninth digit. */
export function cellPhonesOfWhatsappId(waId: string): string[] {
  const digits = waId.replace(/\D/g, "");
  if (!digits.startsWith(BRAZIL)) return [];
  const national = digits.slice(2);
  if (national.length === 11) return [national];
  if (national.length === 10) return [national.slice(0, 2) + "9" + national.slice(2)];
  return [];
}

/** "5581991234567" → "(81) 9****-4567": enough for the gestor to tell numbers apart. */
export function maskedWhatsappNumber(number: string): string {
  const national = number.startsWith(BRAZIL) ? number.slice(2) : number;
  return `(${national.slice(0, 2)}) ${national.slice(2, 3)}****-${national.slice(-4)}`;
}
