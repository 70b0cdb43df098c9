import type { PersonalData } from "#app/lib/personal-data.ts";

/** The shopper's data as the root loader sends it: base64url of its JSON (app/lib/personal-data.ts, decision 0084). */
export function encodePersonalData(data: PersonalData): string {
  return Buffer.from(JSON.stringify(data)).toString("base64url");
}
