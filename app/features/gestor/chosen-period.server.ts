import { periodCodeField } from "#api/contract/catalogue.ts";
import { currentPeriodCode } from "#core/dates.ts";

/**
 * A page of one school period (Séries, Listas de material): `?periodo=202700`, or the current
 * period when absent; a typed text that is no period code shows the current period with the
 * code's message (PeriodPicker shows it).
 */
export function chosenPeriod(url: URL): { period: string; periodError: string | null } {
  const typed = url.searchParams.get("periodo");
  if (typed === null) return { period: currentPeriodCode(), periodError: null };
  const parsed = periodCodeField.safeParse(typed);
  if (parsed.success) return { period: parsed.data, periodError: null };
  return { period: currentPeriodCode(), periodError: parsed.error.issues[0]!.message };
}
