/**
 * The demo people: one customer and six enrolled students with their
 * responsible persons. Documents are invented; check digits are computed.
 */
import { cpfFromBase } from "./documents.ts";

export interface Address {
  cep: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
}

export interface ResponsibleSeed {
  nome: string;
  cpf: string;
  email: string;
  telefone1: string;
  /** 7 mother, 9 guardian, 1 father. */
  parentesco: 1 | 7 | 9;
  address: Address;
}

export interface StudentSeed {
  ra: string;
  nome: string;
  cpf: string;
  email: string;
  telefone1: string;
  dtnascimento: string;
  naturalidade: string;
  estadonatal: string;
  sexo: "M" | "F" | "X";
  turno: "Manhã" | "Tarde" | "Integral";
  /** CODCOLIGADA of the unit the student attends this year. */
  unitCode: string;
  /** This year's grade (a current series' codgrade) and class (TURMA). */
  codgrade: string;
  turma: string;
  address: Address;
  responsibles: ResponsibleSeed[];
}

const BOA_VIAGEM: Address = {
  cep: "51021010",
  rua: "Rua dos Navegantes",
  numero: "1450",
  complemento: "Apto 1202",
  bairro: "Boa Viagem",
  cidade: "Recife",
  estado: "PE",
};

const GRACAS: Address = {
  cep: "52011050",
  rua: "Rua Amélia",
  numero: "318",
  complemento: "Apto 501",
  bairro: "Graças",
  cidade: "Recife",
  estado: "PE",
};

const OLINDA: Address = {
  cep: "53120010",
  rua: "Rua do Sol",
  numero: "127",
  complemento: "Casa",
  bairro: "Carmo",
  cidade: "Olinda",
  estado: "PE",
};

const CARUARU: Address = {
  cep: "55002010",
  rua: "Rua Vigário Freire",
  numero: "55",
  complemento: "Casa A",
  bairro: "Centro",
  cidade: "Caruaru",
  estado: "PE",
};

const JOAO_PESSOA: Address = {
  cep: "58042050",
  rua: "Rua Tabelião Stanislau Eloy",
  numero: "230",
  complemento: "Apto 304",
  bairro: "Tambauzinho",
  cidade: "João Pessoa",
  estado: "PB",
};

const MARIANA_CPF = cpfFromBase("529982247");

export const DEMO_CUSTOMER = {
  name: "Mariana Albuquerque Souza",
  email: "demo@lojaescolar.com.br",
  password: "demo1234",
  cpf: MARIANA_CPF,
  cellPhone: "81991234567",
  birthDate: "1984-06-18",
  zipcode: BOA_VIAGEM.cep,
  street: BOA_VIAGEM.rua,
  houseNumber: BOA_VIAGEM.numero,
  neighborhood: BOA_VIAGEM.bairro,
  city: BOA_VIAGEM.cidade,
  state: BOA_VIAGEM.estado,
} as const;

const mariana: ResponsibleSeed = {
  nome: DEMO_CUSTOMER.name,
  cpf: MARIANA_CPF,
  email: DEMO_CUSTOMER.email,
  telefone1: DEMO_CUSTOMER.cellPhone,
  parentesco: 7,
  address: BOA_VIAGEM,
};

const ricardo: ResponsibleSeed = {
  nome: "Ricardo Souza Lima",
  cpf: cpfFromBase("318475962"),
  email: "ricardo.lima@exemplo.com.br",
  telefone1: "81987654321",
  parentesco: 1,
  address: BOA_VIAGEM,
};

export const STUDENTS: readonly StudentSeed[] = [
  {
    ra: "20250001",
    nome: "Lucas Albuquerque Souza",
    cpf: cpfFromBase("704129385"),
    email: "lucas.souza@aluno.lojaescolar.com.br",
    telefone1: "81991234567",
    dtnascimento: "2015-03-14",
    naturalidade: "Recife",
    estadonatal: "PE",
    sexo: "M",
    turno: "Manhã",
    unitCode: "1",
    codgrade: "EF06",
    turma: "B",
    address: BOA_VIAGEM,
    responsibles: [mariana, ricardo],
  },
  {
    ra: "20250002",
    nome: "Beatriz Albuquerque Souza",
    cpf: cpfFromBase("612803457"),
    email: "beatriz.souza@aluno.lojaescolar.com.br",
    telefone1: "81991234567",
    dtnascimento: "2019-08-02",
    naturalidade: "Recife",
    estadonatal: "PE",
    sexo: "F",
    turno: "Tarde",
    unitCode: "3",
    codgrade: "EF01",
    turma: "A",
    address: BOA_VIAGEM,
    responsibles: [mariana],
  },
  {
    ra: "20250003",
    nome: "Gabriel Cavalcanti Ferreira",
    cpf: cpfFromBase("453918260"),
    email: "gabriel.ferreira@aluno.lojaescolar.com.br",
    telefone1: "81996541230",
    dtnascimento: "2010-11-20",
    naturalidade: "Recife",
    estadonatal: "PE",
    sexo: "M",
    turno: "Integral",
    unitCode: "4",
    codgrade: "EM01",
    turma: "A",
    address: GRACAS,
    responsibles: [
      {
        nome: "Helena Cavalcanti Ferreira",
        cpf: cpfFromBase("236591804"),
        email: "helena.cavalcanti@exemplo.com.br",
        telefone1: "81995512034",
        parentesco: 9,
        address: GRACAS,
      },
    ],
  },
  {
    ra: "20250004",
    nome: "Ana Clara Menezes Barbosa",
    cpf: cpfFromBase("857306129"),
    email: "anaclara.barbosa@aluno.lojaescolar.com.br",
    telefone1: "81993307788",
    dtnascimento: "2012-05-09",
    naturalidade: "Olinda",
    estadonatal: "PE",
    sexo: "F",
    turno: "Manhã",
    unitCode: "5",
    codgrade: "EF08",
    turma: "B",
    address: OLINDA,
    responsibles: [
      {
        nome: "Paulo Roberto Barbosa",
        cpf: cpfFromBase("145672930"),
        email: "paulo.barbosa@exemplo.com.br",
        telefone1: "81992214567",
        parentesco: 1,
        address: OLINDA,
      },
      {
        nome: "Juliana Menezes Barbosa",
        cpf: cpfFromBase("963027514"),
        email: "juliana.menezes@exemplo.com.br",
        telefone1: "81997786543",
        parentesco: 7,
        address: OLINDA,
      },
    ],
  },
  {
    ra: "20250005",
    nome: "Pedro Henrique Lins Carvalho",
    cpf: cpfFromBase("381640275"),
    email: "pedro.carvalho@aluno.lojaescolar.com.br",
    telefone1: "81994450012",
    dtnascimento: "2017-01-27",
    naturalidade: "Caruaru",
    estadonatal: "PE",
    sexo: "M",
    turno: "Tarde",
    unitCode: "7",
    codgrade: "EF04",
    turma: "A",
    address: CARUARU,
    responsibles: [
      {
        nome: "Fernanda Lins Carvalho",
        cpf: cpfFromBase("527148396"),
        email: "fernanda.lins@exemplo.com.br",
        telefone1: "81998873210",
        parentesco: 7,
        address: CARUARU,
      },
    ],
  },
  {
    ra: "20250006",
    nome: "Sofia Wanderley Rocha",
    cpf: cpfFromBase("290563718"),
    email: "sofia.rocha@aluno.lojaescolar.com.br",
    telefone1: "83991827364",
    dtnascimento: "2013-09-15",
    naturalidade: "Recife",
    estadonatal: "PE",
    sexo: "F",
    turno: "Manhã",
    unitCode: "10",
    codgrade: "EF07",
    turma: "C",
    address: JOAO_PESSOA,
    responsibles: [
      {
        nome: "André Luiz Rocha",
        cpf: cpfFromBase("674205839"),
        email: "andre.rocha@exemplo.com.br",
        telefone1: "83998125476",
        parentesco: 1,
        address: JOAO_PESSOA,
      },
      {
        nome: "Marta Wanderley Rocha",
        cpf: cpfFromBase("418937602"),
        email: "marta.wanderley@exemplo.com.br",
        telefone1: "83996614023",
        parentesco: 9,
        address: JOAO_PESSOA,
      },
    ],
  },
];

/** The students already linked to the demo customer's account. */
export const LINKED_RAS = ["20250001", "20250002"] as const;

export interface CouponSeed {
  code: string;
  percentage: number;
  /** Validity in whole years relative to the current one: [first, last]. */
  years: [number, number];
  maxUses: number;
  maxUsesPerCustomer: number;
}

export const COUPONS: readonly CouponSeed[] = [
  { code: "BEMVINDO10", percentage: 10, years: [0, 1], maxUses: 1000, maxUsesPerCustomer: 1 },
  { code: "ESCOLA5", percentage: 5, years: [0, 1], maxUses: 1000, maxUsesPerCustomer: 5 },
  // Ended last year: for the "expired coupon" paths.
  { code: "VOLTAASAULAS15", percentage: 15, years: [-1, -1], maxUses: 500, maxUsesPerCustomer: 1 },
];
