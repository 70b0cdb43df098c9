import { describe, expect, it } from "vitest";
import { formatCpf, isValidCpf, onlyDigits, typedCpfDigits } from "./cpf.ts";

describe("isValidCpf", () => {
  it("accepts CPFs whose check digits match, masked or not", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("52998224725")).toBe(true);
    expect(isValidCpf("111.444.777-35")).toBe(true);
    expect(isValidCpf("123.456.789-09")).toBe(true);
    expect(isValidCpf(" 529 982 247 25 ")).toBe(true);
  });

  it("accepts a CPF whose check digit comes from a remainder below 2 (digit 0)", () => {
    // 123456789: first remainder 10 → check digit 0
    expect(isValidCpf("12345678909")).toBe(true);
    expect(isValidCpf("12345678900")).toBe(false);
  });

  it("rejects wrong check digits", () => {
    expect(isValidCpf("52998224724")).toBe(false);
    expect(isValidCpf("529.982.247-15")).toBe(false);
    expect(isValidCpf("111.444.777-36")).toBe(false);
  });

  it("rejects one digit repeated eleven times", () => {
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(isValidCpf("00000000000")).toBe(false);
    expect(isValidCpf("99999999999")).toBe(false);
  });

  it("rejects the wrong number of digits", () => {
    expect(isValidCpf("")).toBe(false);
    expect(isValidCpf("529.982.247-2")).toBe(false);
    expect(isValidCpf("529.982.247-250")).toBe(false);
    expect(isValidCpf("abc")).toBe(false);
  });

  it("rejects anything that is not a string", () => {
    expect(isValidCpf(12345)).toBe(false);
    expect(isValidCpf(52998224725)).toBe(false);
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
    expect(isValidCpf(["52998224725"])).toBe(false);
  });
});

describe("formatCpf", () => {
  it("masks eleven digits as 999.999.999-99", () => {
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
    expect(formatCpf("529.982.247-25")).toBe("529.982.247-25");
  });

  it("masks partial input while typing", () => {
    expect(formatCpf("")).toBe("");
    expect(formatCpf("529")).toBe("529");
    expect(formatCpf("5299")).toBe("529.9");
    expect(formatCpf("529982")).toBe("529.982");
    expect(formatCpf("5299822")).toBe("529.982.2");
    expect(formatCpf("5299822472")).toBe("529.982.247-2");
  });

  it("drops digits beyond eleven and any non-digit", () => {
    expect(formatCpf("529982247251234")).toBe("529.982.247-25");
    expect(formatCpf("a5b2c9")).toBe("529");
  });
});

describe("onlyDigits", () => {
  it("keeps digits only", () => {
    expect(onlyDigits("529.982.247-25")).toBe("52998224725");
    expect(onlyDigits("(81) 99999-0000")).toBe("81999990000");
    expect(onlyDigits("abc")).toBe("");
  });
});

describe("typedCpfDigits", () => {
  it("reads a CPF or part of one typed with or without its mask", () => {
    expect(typedCpfDigits("529.982.247-25")).toBe("52998224725");
    expect(typedCpfDigits("52998224725")).toBe("52998224725");
    expect(typedCpfDigits("982.247")).toBe("982247");
  });

  it("reads no CPF in a name, an e-mail or mere punctuation", () => {
    expect(typedCpfDigits("Turma 2")).toBeNull();
    expect(typedCpfDigits("ana2@exemplo.com")).toBeNull();
    expect(typedCpfDigits("...")).toBeNull();
  });
});
