/** The store's time zone: the school network is in Recife (UTC−3, no daylight saving). */
export const STORE_TIME_ZONE = "America/Recife";

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: STORE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/**
 * Today's date in Brazil as "YYYY-MM-DD". Comparing a birth date with the UTC date
 * would reject today's births after 21:00 in Recife, or accept tomorrow's before 03:00.
 */
export function todayInBrazil(now: Date = new Date()): string {
  const parts = Object.fromEntries(ymd.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** "YYYY-MM-DD" moved by whole calendar days (negative goes back): 2025-02-27 + 2 → 2025-03-01. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The instant a day "YYYY-MM-DD" starts in the store's time zone (Recife is UTC−3 all year), ISO. */
export function startOfBrazilDay(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00-03:00`).toISOString();
}

/** Whether "YYYY-MM-DD" names a real calendar day (no 2025-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const timeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: STORE_TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * "dd/mm/aaaa HH:MM" and "HH:MM" of an instant in the store's time zone (a Pix code's expiry),
 * assembled by hand so server, browser and e-mail print the same text.
 */
export function brazilDateTime(iso: string): { date: string; time: string } {
  const parts = Object.fromEntries(timeParts.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return { date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** A calendar date "YYYY-MM-DD" (a due date, a birth date) as Brazilians write it: "dd/mm/aaaa". */
export function formatCalendarDate(isoDate: string): string {
  return isoDate.split("-").reverse().join("/");
}

/**
 * The instant a calendar day "YYYY-MM-DD" begins in the store's time zone (ISO). Recife keeps
 * UTC−3 all year (Brazil has had no daylight saving since 2019, Recife none since 2000), so the
 * offset is fixed; the gestor's figures and filters count days with it.
 */
export function brazilDayStart(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00-03:00`).toISOString();
}

/** The Monday of the week of "YYYY-MM-DD" (Brazilian business weeks start on Monday). */
export function mondayOf(isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay();
  return addDays(isoDate, -((weekday + 6) % 7));
}

/**
 * The school period of `now` as the school's ERP codes it (CODPERLET, spec §7): the year in
 * Brazil followed by 00, "202600".
 */
export function currentPeriodCode(now: Date = new Date()): string {
  return `${todayInBrazil(now).slice(0, 4)}00`;
}
