/**
 * How a product's title is kept for search and matched with LIKE: the database's side of search,
 * so the seed and the API's catalogue write the same text.
 */
import { stripAccents } from "#core/text.ts";

/** Lower case without accents: what product search compares, in any SQL dialect. */
export function normalizeForSearch(text: string): string {
  return stripAccents(text).toLowerCase().replace(/\s+/g, " ").trim();
}

/** The text stored with a product for search: its title (spec §7 searches by title). */
export function productSearchText(title: string): string {
  return normalizeForSearch(title);
}

/** Escapes LIKE wildcards so a shopper's % or _ match themselves. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
