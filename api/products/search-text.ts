import { stripAccents } from "#app/lib/text.ts";

/** Lower case without accents: what product search compares, in any SQL dialect. */
export function normalizeForSearch(text: string): string {
  return stripAccents(text)
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** The text stored with a product for search: its title and its category's title. */
export function productSearchText(title: string, categoryTitle: string): string {
  return normalizeForSearch(`${title} ${categoryTitle}`);
}

/** Escapes LIKE wildcards so a shopper's % or _ match themselves. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
