import { sql, type RawBuilder } from "kysely";

/**
 * `column` contains `text`, ignoring case, the same on SQLite and PostgreSQL (whose LIKE minds
 * case): both sides lowered, and % _ \ in what was typed taken literally.
 */
export function containsText(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
