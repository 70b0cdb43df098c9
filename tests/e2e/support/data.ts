import { demoBirthDate } from "#tests/fixtures/demo-students.ts";
import { maskCpf, newCpf } from "#tests/fixtures/customers.ts";

export { demoBirthDate, maskCpf, newCpf };

/** The store keeps at most 45 characters of an e-mail (spec §5). */
const EMAIL_MAX_LENGTH = 45;

/**
 * An e-mail no other test, project or run uses: the time and a random part, short enough
 * for the store's limit whatever the prefix's job.
 */
export function uniqueEmail(prefix: string): string {
  const random = Math.floor(Math.random() * 36 ** 5).toString(36);
  const email = `${prefix}.${Date.now().toString(36)}${random}@exemplo.com.br`;
  if (email.length > EMAIL_MAX_LENGTH)
    throw new Error(`uniqueEmail: "${prefix}" makes ${email.length} characters, over ${EMAIL_MAX_LENGTH}`);
  return email;
}

/** A valid CPF, different on each call, masked as typed into a form. */
export const newMaskedCpf = () => maskCpf(newCpf());
