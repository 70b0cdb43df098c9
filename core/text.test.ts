import { describe, expect, it } from "vitest";
import {
  counted,
  firstName,
  PRODUCT_NAME_LIMIT,
  slugify,
  STUDENT_NAME_LIMIT,
  stripAccents,
  titleCase,
  truncate,
} from "./text.ts";

describe("titleCase", () => {
  it("capitalises words and keeps connectors lowercase", () => {
    expect(titleCase("JOÃO DA SILVA II")).toBe("João da Silva II");
    expect(titleCase("maria das dores e souza")).toBe("Maria das Dores e Souza");
    expect(titleCase("ANA DE OLIVEIRA DOS SANTOS")).toBe("Ana de Oliveira dos Santos");
    expect(titleCase("kit para o ensino médio com caderno")).toBe("Kit para o Ensino Médio com Caderno");
    expect(titleCase("viagem à praia às sextas")).toBe("Viagem à Praia às Sextas");
  });

  it("capitalises a connector when it is the first word", () => {
    expect(titleCase("DA VINCI")).toBe("Da Vinci");
    expect(titleCase("o pequeno príncipe")).toBe("O Pequeno Príncipe");
    expect(titleCase("às margens")).toBe("Às Margens");
  });

  it("uppercases Roman numerals", () => {
    expect(titleCase("ensino fundamental ii")).toBe("Ensino Fundamental II");
    expect(titleCase("dom pedro i")).toBe("Dom Pedro I");
    expect(titleCase("papa bento xvi")).toBe("Papa Bento XVI");
    expect(titleCase("século xxi - módulo iv")).toBe("Século XXI - Módulo IV");
    expect(titleCase("apostila ix e x")).toBe("Apostila IX e X");
  });

  it("does not take ordinary words for Roman numerals", () => {
    expect(titleCase("ivo civil mix")).toBe("Ivo Civil Mix");
    expect(titleCase("di maria")).toBe("Di Maria");
    expect(titleCase("ana li")).toBe("Ana Li");
    expect(titleCase("iiii")).toBe("Iiii");
    expect(titleCase("vix")).toBe("Vix");
  });

  it("handles hyphenated words", () => {
    expect(titleCase("ANA-MARIA PRÉ-ESCOLA")).toBe("Ana-Maria Pré-Escola");
    expect(titleCase("pé-de-moleque")).toBe("Pé-de-Moleque");
    expect(titleCase("jean-paul ii")).toBe("Jean-Paul II");
  });

  it("handles apostrophes and surrounding punctuation", () => {
    expect(titleCase("JOANA D'ARC")).toBe("Joana d'Arc");
    expect(titleCase("caderno (manhã)")).toBe("Caderno (Manhã)");
    expect(titleCase("olho d’água")).toBe("Olho d'Água");
  });

  it("leaves numbers alone", () => {
    expect(titleCase("1º ANO DO ENSINO FUNDAMENTAL")).toBe("1º Ano do Ensino Fundamental");
    expect(titleCase("kit 2a série")).toBe("Kit 2a Série");
  });

  it("collapses extra spaces", () => {
    expect(titleCase("  maria   da  silva ")).toBe("Maria da Silva");
    expect(titleCase("")).toBe("");
    expect(titleCase("   ")).toBe("");
  });

  it("keeps only the first N words when asked", () => {
    expect(titleCase("MARIA DAS DORES E SOUZA", 2)).toBe("Maria das");
    expect(titleCase("JOÃO DA SILVA II", 3)).toBe("João da Silva");
    expect(titleCase("joão", 5)).toBe("João");
    expect(titleCase("joão silva", 0)).toBe("");
  });
});

describe("truncate", () => {
  const exactly35 = "Kit Material Escolar Fundamental I ";
  it("exposes the spec limits", () => {
    expect(PRODUCT_NAME_LIMIT).toBe(35);
    expect(STUDENT_NAME_LIMIT).toBe(25);
  });

  it("keeps text up to the limit unchanged", () => {
    const name = "A".repeat(35);
    expect(truncate(name, PRODUCT_NAME_LIMIT)).toBe(name);
    expect(truncate("Caderno", PRODUCT_NAME_LIMIT)).toBe("Caderno");
    expect(truncate("", PRODUCT_NAME_LIMIT)).toBe("");
    expect(exactly35).toHaveLength(35);
    expect(truncate(exactly35, 35)).toBe(exactly35);
  });

  it("cuts longer text to the limit plus three dots", () => {
    const name = "B".repeat(36);
    expect(truncate(name, PRODUCT_NAME_LIMIT)).toBe(`${"B".repeat(35)}...`);
    expect(truncate("Apostila de Matemática do 9º Ano - Volume Único", PRODUCT_NAME_LIMIT)).toBe(
      "Apostila de Matemática do 9º Ano -...",
    );
    expect(truncate("Maria Eduarda Albuquerque Cavalcanti", STUDENT_NAME_LIMIT)).toBe("Maria Eduarda Albuquerque...");
  });

  it("drops a trailing space before the dots", () => {
    expect(truncate(`${exactly35}X`, 35)).toBe("Kit Material Escolar Fundamental I...");
  });

  it("counts accented letters as one character", () => {
    const name = "ç".repeat(36);
    expect(truncate(name, 35)).toBe(`${"ç".repeat(35)}...`);
  });
});

describe("stripAccents", () => {
  it("removes accents and the cedilla", () => {
    expect(stripAccents("Educação Infantil – Ensino Médio")).toBe("Educacao Infantil – Ensino Medio");
    expect(stripAccents("ÀÁÂÃÄ àáâãä Ç ç ñ")).toBe("AAAAA aaaaa C c n");
  });
});

describe("slugify", () => {
  it("makes URL slugs", () => {
    expect(slugify("Material Didático")).toBe("material-didatico");
    expect(slugify("  Camisas & Fardamento!  ")).toBe("camisas-fardamento");
    expect(slugify("E-books")).toBe("e-books");
    expect(slugify("Kit 1º Ano -- Ensino Fundamental")).toBe("kit-1-ano-ensino-fundamental");
    expect(slugify("---")).toBe("");
  });
});

describe("firstName", () => {
  it("gives the first name, title-cased", () => {
    expect(firstName("MARIA DAS DORES")).toBe("Maria");
    expect(firstName("  joão silva")).toBe("João");
    expect(firstName("")).toBe("");
  });
});

describe("counted", () => {
  it("agrees the noun with the count: singular for one, plural otherwise", () => {
    expect(counted(1, "item", "itens")).toBe("1 item");
    expect(counted(2, "item", "itens")).toBe("2 itens");
    expect(counted(0, "código", "códigos")).toBe("0 códigos");
  });
});
