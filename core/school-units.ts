/**
 * The school network's units, keyed by CODCOLIGADA. The store API sends only the code; names,
 * addresses and phones are the network's data (spec §9): the bundled API keeps them in
 * school_units (migration 0034, GET /units/…, docs/decisions/0055). Any unknown code falls back
 * to the network's head office.
 */
export interface SchoolUnit {
  code: string;
  name: string;
  address: string;
  city: string;
  phone: string;
  email: string;
}

export const DEFAULT_SCHOOL_UNIT: SchoolUnit = {
  code: "0",
  name: "Rede Saber Escolar - Sede Administrativa",
  address: "Av. Engenheiro Domingos Ferreira, 2160, Boa Viagem",
  city: "Recife - PE",
  phone: "(81) 3034-1000",
  email: "atendimento@lojaescolar.com.br",
};

/** The code of the network's head office, the unit shown for a code no unit has (spec §9). */
export const HEAD_OFFICE_CODE = "0";

/**
 * The unit of `code` among a store's units; for an unknown code, spec §9's fallback: the
 * store's head office (code "0") when it has one, else DEFAULT_SCHOOL_UNIT.
 */
export function unitFrom<Unit extends SchoolUnit>(
  units: readonly Unit[],
  code: string | number | null | undefined,
): Unit | SchoolUnit {
  const wanted = String(code ?? "").trim();
  return (
    units.find((unit) => unit.code === wanted) ??
    units.find((unit) => unit.code === HEAD_OFFICE_CODE) ??
    DEFAULT_SCHOOL_UNIT
  );
}

/**
 * Whether an item of this TIPO is collected at its unit: goods (uniforms and other products, P;
 * material, M). A course or an event (S) is attended there, not picked up (docs/decisions/0056).
 */
export function isPickedUpAtUnit(tipo: string): boolean {
  return tipo.trim().toUpperCase() !== "S";
}

/** Where and when an item is picked up: "Retirada: {unidade}, {endereço}, {cidade} · {horário}". */
export function pickupText(unit: SchoolUnit & { pickupHours?: string | null }): string {
  const place = `Retirada: ${unit.name}, ${unit.address}, ${unit.city}`;
  return unit.pickupHours ? `${place} · ${unit.pickupHours}` : place;
}
