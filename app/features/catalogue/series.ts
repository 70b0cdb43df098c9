import type { Serie } from "#api/contract/catalogue.ts";
import { stripAccents } from "#core/text.ts";

/** The three school levels shown as groups (spec §3), in display order. */
export const SCHOOL_LEVELS = ["Educação Infantil", "Ensino Fundamental", "Ensino Médio"] as const;
export type SchoolLevel = (typeof SCHOOL_LEVELS)[number];

const levelKeywords: [string, SchoolLevel][] = [
  ["medio", "Ensino Médio"],
  ["fundamental", "Ensino Fundamental"],
  ["infantil", "Educação Infantil"],
];

const plain = (text: string) => stripAccents(text).toLowerCase();

/** A grade's level: its CURSO, lower case without accents, contains medio, fundamental or infantil. */
export function levelOf(serie: Pick<Serie, "CURSO">): SchoolLevel | null {
  const course = plain(serie.CURSO);
  return levelKeywords.find(([keyword]) => course.includes(keyword))?.[1] ?? null;
}

/** A combo-list entry (spec §3): the level, the grade name in plain lower case, the id. */
export interface SerieOption {
  serie_parent: SchoolLevel;
  serie_children: string;
  serie_id: number;
  label: string;
}

/** Grades grouped by level; grades of any other level are left out. */
export function groupSeriesByLevel(series: Serie[]): { level: SchoolLevel; options: SerieOption[] }[] {
  return SCHOOL_LEVELS.map((level) => ({
    level,
    options: series
      .filter((serie) => levelOf(serie) === level)
      .map((serie) => ({
        serie_parent: level,
        serie_children: plain(serie.HABILITACAO),
        serie_id: serie.id,
        label: serie.HABILITACAO,
      })),
  })).filter((group) => group.options.length > 0);
}
