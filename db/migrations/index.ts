import type { Migration, MigrationProvider } from "kysely";
import * as catalogueAndPeople from "./0001-catalogue-and-people.ts";

/**
 * Migrations are imported statically so the server bundle carries them;
 * names sort in the order they run.
 */
const migrations: Record<string, Migration> = {
  "0001-catalogue-and-people": catalogueAndPeople,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
