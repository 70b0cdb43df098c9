/** The linha digitável as people read it (shared by the boleto, the checkout and the e-mail). */

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE" from the 47 digits. */
export function formatDigitableLine(line: string): string {
  if (!/^\d{47}$/.test(line)) throw new RangeError("a linha digitável must have 47 digits");
  const part = (from: number, to: number) => line.slice(from, to);
  return `${part(0, 5)}.${part(5, 10)} ${part(10, 15)}.${part(15, 21)} ${part(21, 26)}.${part(26, 32)} ${part(32, 33)} ${part(33, 47)}`;
}

/** Formatted when it is the 47 digits; another API's line is shown as it came. */
export function readableDigitableLine(line: string): string {
  return /^\d{47}$/.test(line) ? formatDigitableLine(line) : line;
}
