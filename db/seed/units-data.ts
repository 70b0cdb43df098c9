import { DEFAULT_SCHOOL_UNIT, type SchoolUnit } from "#core/school-units.ts";

/** A unit of the demo network, with the hours its orders can be picked up (null: not informed). */
export interface DemoUnit extends SchoolUnit {
  pickupHours: string | null;
}

/**
 * The demo network's units, in its order: the head office as code "0" (spec §9's fallback), then
 * the schools. The seed writes them (school-units.ts); a network keeps its own in Unidades.
 */
export const DEMO_SCHOOL_UNITS: readonly DemoUnit[] = [
  { ...DEFAULT_SCHOOL_UNIT, pickupHours: null },
  {
    code: "1",
    name: "Colégio Saber Boa Viagem",
    address: "Rua Ernesto de Paula Santos, 1020, Boa Viagem",
    city: "Recife - PE",
    phone: "(81) 3034-1101",
    email: "boaviagem@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "3",
    name: "Colégio Saber Casa Forte",
    address: "Praça de Casa Forte, 354, Casa Forte",
    city: "Recife - PE",
    phone: "(81) 3034-1303",
    email: "casaforte@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "4",
    name: "Colégio Saber Graças",
    address: "Rua Amélia, 455, Graças",
    city: "Recife - PE",
    phone: "(81) 3034-1404",
    email: "gracas@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "5",
    name: "Colégio Saber Olinda",
    address: "Av. Getúlio Vargas, 1200, Bairro Novo",
    city: "Olinda - PE",
    phone: "(81) 3034-1505",
    email: "olinda@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "6",
    name: "Colégio Saber Jaboatão",
    address: "Av. Bernardo Vieira de Melo, 3300, Piedade",
    city: "Jaboatão dos Guararapes - PE",
    phone: "(81) 3034-1606",
    email: "jaboatao@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "7",
    name: "Colégio Saber Caruaru",
    address: "Av. Agamenon Magalhães, 780, Maurício de Nassau",
    city: "Caruaru - PE",
    phone: "(81) 3721-1707",
    email: "caruaru@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "10",
    name: "Colégio Saber João Pessoa",
    address: "Av. Epitácio Pessoa, 2500, Tambauzinho",
    city: "João Pessoa - PB",
    phone: "(83) 3224-1010",
    email: "joaopessoa@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
  {
    code: "13",
    name: "Colégio Saber Natal",
    address: "Av. Hermes da Fonseca, 1450, Tirol",
    city: "Natal - RN",
    phone: "(84) 3222-1313",
    email: "natal@lojaescolar.com.br",
    pickupHours: "Seg. a sex., 7h às 17h",
  },
];
