/** Display limits for names (spec §9). */
export const PRODUCT_NAME_LIMIT = 35;
export const STUDENT_NAME_LIMIT = 25;

/** Suffix added by `truncate`: three plain dots. */
export const ELLIPSIS = "...";

/**
 * Portuguese prepositions, articles and conjunctions that stay lowercase in a
 * title-cased name unless they are the first word.
 */
const LOWERCASE_WORDS = new Set([
  "a",
  "à",
  "ao",
  "aos",
  "as",
  "às",
  "com",
  "da",
  "das",
  "de",
  "do",
  "dos",
  "e",
  "em",
  "na",
  "nas",
  "no",
  "nos",
  "o",
  "os",
  "para",
  "por",
  "um",
  "uma",
]);

/**
 * Roman numerals from 1 to 399 (I, V, X, L, C). D and M are left out on
 * purpose: "Di", "Mi", "Mix" are names or words far more often than 501, 1001
 * or 1009 are numbers in a school store.
 */
const ROMAN_NUMERAL = /^C{0,3}(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})$/i;
/** Valid numerals that are also common name words and stay words. */
const NOT_ROMAN = new Set(["li"]);

function isRomanNumeral(word: string): boolean {
  return word !== "" && ROMAN_NUMERAL.test(word) && !NOT_ROMAN.has(word.toLowerCase());
}

/** Removes accents and other combining marks: "Ação" → "Acao". */
export function stripAccents(text: string): string {
  // NFKD also folds the ordinal indicators of grade names: "1ª Série" → "1a Serie".
  return text.normalize("NFKD").replace(/\p{M}/gu, "");
}

function capitalise(word: string): string {
  const first = word.charAt(0);
  return first.toLocaleUpperCase("pt-BR") + word.slice(1);
}

/** Title-cases one hyphen-free segment that has been lowercased already. */
function caseSegment(segment: string, mayStayLowercase: boolean): string {
  // Keep surrounding punctuation ("(manhã)", "ii,") out of the word itself.
  const match = /^([^\p{L}\p{N}]*)(.*?)([^\p{L}\p{N}]*)$/u.exec(segment);
  const lead = match?.[1] ?? "";
  const core = match?.[2] ?? segment;
  const tail = match?.[3] ?? "";
  if (core === "") return segment;

  let cased: string;
  if (isRomanNumeral(core)) {
    cased = core.toUpperCase();
  } else if (mayStayLowercase && LOWERCASE_WORDS.has(core)) {
    cased = core;
  } else if (/^\p{L}/u.test(core)) {
    // "d'ávila" → "D'Ávila"; "d'" itself stays lowercase inside a name.
    cased = core
      .split("'")
      .map((part, i) => (i === 0 && part === "d" && mayStayLowercase ? part : capitalise(part)))
      .join("'");
  } else {
    cased = core; // "1a", "6º": leave numbers alone
  }
  return lead + cased + tail;
}

/**
 * Title-cases a name (spec §9): lowercases it, capitalises each word, keeps
 * Portuguese prepositions, articles and conjunctions lowercase (unless first),
 * uppercases Roman numerals, handles hyphenated words, and collapses spaces.
 * `maxWords` keeps only the first N words.
 *
 *   titleCase("JOÃO DA SILVA II") → "João da Silva II"
 *   titleCase("maria das dores e souza", 2) → "Maria das"
 */
export function titleCase(name: string, maxWords?: number): string {
  let words = name
    .replace(/[’‘`´]/g, "'")
    .trim()
    .split(/\s+/)
    .filter((w) => w !== "");
  if (maxWords !== undefined) words = words.slice(0, Math.max(0, Math.floor(maxWords)));

  return words
    .map((word, wordIndex) =>
      word
        .toLocaleLowerCase("pt-BR")
        .split("-")
        .map((segment, segIndex) => caseSegment(segment, wordIndex > 0 || segIndex > 0))
        .join("-"),
    )
    .join(" ");
}

/**
 * Cuts text longer than `max` characters to its first `max` characters plus
 * "..." (spec §9: "cut to 35 characters plus an ellipsis"); shorter text is
 * returned unchanged. Trailing spaces before the dots are dropped. Characters
 * are counted as code points, so an emoji is never split in half.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return chars.slice(0, Math.max(0, max)).join("").trimEnd() + ELLIPSIS;
}

/** A count with its noun in agreement: counted(1, "item", "itens") → "1 item", counted(2, …) → "2 itens". */
export function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Names as a sentence lists them: "A", "A e B", "A, B e C". */
export function listedWithE(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} e ${names[names.length - 1]!}`;
}

/** URL slug: "Material Didático – 1º Ano" → "material-didatico-1-ano". */
export function slugify(text: string): string {
  return stripAccents(text.replace(/[ºª°]/g, ""))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** First word of a full name, title-cased: "MARIA DAS DORES" → "Maria". Empty for blank input. */
export function firstName(fullName: string): string {
  const first = fullName.trim().split(/\s+/)[0] ?? "";
  return titleCase(first);
}
