/**
 * Check digits for the invented CPFs and CNPJ of the demo data, so every
 * document in the seed passes the same validation a real one would.
 */

/** Modulo-11 check digit over `digits` with the given weights (CPF and CNPJ share the rule). */
function mod11(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const countdown = (from: number, length: number) => Array.from({ length }, (_, i) => from - i);

/** A CPF (11 digits, unformatted) from its first nine digits: "529982247" → "52998224725". */
export function cpfFromBase(base: string): string {
  if (!/^\d{9}$/.test(base)) throw new Error(`Base de CPF inválida: ${base}`);
  const first = mod11(base, countdown(10, 9));
  const second = mod11(base + first, countdown(11, 10));
  return `${base}${first}${second}`;
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, ...CNPJ_WEIGHTS_1];

/** A formatted CNPJ from its first twelve digits: "123456780001" → "12.345.678/0001-95". */
export function cnpjFromBase(base: string): string {
  if (!/^\d{12}$/.test(base)) throw new Error(`Base de CNPJ inválida: ${base}`);
  const first = mod11(base, CNPJ_WEIGHTS_1);
  const second = mod11(base + first, CNPJ_WEIGHTS_2);
  const d = `${base}${first}${second}`;
  return `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
}
