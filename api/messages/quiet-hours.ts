/**
 * The hours no reminder goes out (issue 31): by default from 21h to 8h in the store's time zone
 * (MESSAGE_QUIET_HOURS, MESSAGE_TIME_ZONE). A reminder due then waits for the morning, or is
 * dropped when it would be pointless by then (a Pix that has expired).
 *
 * Runs under plain Node (type stripping): no TypeScript-only syntax.
 */

export interface QuietHours {
  /** The hour quiet starts (0–23), e.g. 21. */
  from: number;
  /** The hour it ends (0–23), e.g. 8; from > to spans midnight. */
  to: number;
  /** An IANA time zone, e.g. "America/Recife". */
  timeZone: string;
}

export const DEFAULT_QUIET_HOURS = { from: 21, to: 8 };

/** "21-8" → { from: 21, to: 8 }; null for anything else (hours 0–23, different). */
export function parseQuietHours(text: string): { from: number; to: number } | null {
  const match = /^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$/.exec(text);
  if (!match) return null;
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from > 23 || to > 23 || from === to) return null;
  return { from, to };
}

/** The hour and minute of `at` in the time zone. */
function localTime(at: Date, timeZone: string): { hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { hour: value("hour"), minute: value("minute") };
}

/** Whether `at` falls in the quiet hours. */
export function isQuietTime(at: Date, quiet: QuietHours): boolean {
  const { hour } = localTime(at, quiet.timeZone);
  return quiet.from > quiet.to ? hour >= quiet.from || hour < quiet.to : hour >= quiet.from && hour < quiet.to;
}

/** The first instant at or after `at` outside the quiet hours (`at` itself when it is not quiet). */
export function endOfQuietTime(at: Date, quiet: QuietHours): Date {
  if (!isQuietTime(at, quiet)) return at;
  // Walk to the next whole hour until quiet ends: at most 23 steps, exact in any time zone.
  const next = new Date(at);
  next.setUTCMinutes(0, 0, 0);
  do next.setUTCHours(next.getUTCHours() + 1);
  while (isQuietTime(next, quiet));
  return next;
}
