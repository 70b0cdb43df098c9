/**
 * The school network's units, keyed by CODCOLIGADA. The store API sends only the
 * code; names, addresses and phones are the network's data (spec §9): the bundled API keeps
 * them in school_units (migration 0034, GET /units/…); SCHOOL_UNITS is the demo network's,
 * which the seed writes. Any unknown code falls back to the network's head office.
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

export const SCHOOL_UNITS: readonly SchoolUnit[] = [
  {
    code: "1",
    name: "Colégio Saber Boa Viagem",
    address: "Rua Ernesto de Paula Santos, 1020, Boa Viagem",
    city: "Recife - PE",
    phone: "(81) 3034-1101",
    email: "boaviagem@lojaescolar.com.br",
  },
  {
    code: "3",
    name: "Colégio Saber Casa Forte",
    address: "Praça de Casa Forte, 354, Casa Forte",
    city: "Recife - PE",
    phone: "(81) 3034-1303",
    email: "casaforte@lojaescolar.com.br",
  },
  {
    code: "4",
    name: "Colégio Saber Graças",
    address: "Rua Amélia, 455, Graças",
    city: "Recife - PE",
    phone: "(81) 3034-1404",
    email: "gracas@lojaescolar.com.br",
  },
  {
    code: "5",
    name: "Colégio Saber Olinda",
    address: "Av. Getúlio Vargas, 1200, Bairro Novo",
    city: "Olinda - PE",
    phone: "(81) 3034-1505",
    email: "olinda@lojaescolar.com.br",
  },
  {
    code: "6",
    name: "Colégio Saber Jaboatão",
    address: "Av. Bernardo Vieira de Melo, 3300, Piedade",
    city: "Jaboatão dos Guararapes - PE",
    phone: "(81) 3034-1606",
    email: "jaboatao@lojaescolar.com.br",
  },
  {
    code: "7",
    name: "Colégio Saber Caruaru",
    address: "Av. Agamenon Magalhães, 780, Maurício de Nassau",
    city: "Caruaru - PE",
    phone: "(81) 3721-1707",
    email: "caruaru@lojaescolar.com.br",
  },
  {
    code: "10",
    name: "Colégio Saber João Pessoa",
    address: "Av. Epitácio Pessoa, 2500, Tambauzinho",
    city: "João Pessoa - PB",
    phone: "(83) 3224-1010",
    email: "joaopessoa@lojaescolar.com.br",
  },
  {
    code: "13",
    name: "Colégio Saber Natal",
    address: "Av. Hermes da Fonseca, 1450, Tirol",
    city: "Natal - RN",
    phone: "(84) 3222-1313",
    email: "natal@lojaescolar.com.br",
  },
];

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

export function schoolUnitByCode(code: string | number | null | undefined): SchoolUnit {
  return unitFrom(SCHOOL_UNITS, code);
}
