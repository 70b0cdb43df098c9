import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server.ts";

let cached: string[] | undefined;

/**
 * Cookie-signing secrets, newest first. SESSION_SECRET may list several, comma
 * separated, to rotate without logging everyone out. Without it, one secret is
 * generated once into DATA_DIR/session-secret so restarts keep sessions valid.
 */
export function getCookieSecrets(): string[] {
  if (cached) return cached;
  const env = getEnv();
  const configured = (env.SESSION_SECRET ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (configured.length > 0) return (cached = configured);
  const file = path.join(env.dataDir, "session-secret");
  fs.mkdirSync(env.dataDir, { recursive: true });
  if (!fs.existsSync(file)) {
    try {
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return (cached = [fs.readFileSync(file, "utf8").trim()]);
}
