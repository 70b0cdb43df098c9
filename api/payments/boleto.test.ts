import { formatBoleto, getBanks, getBoletoInfo, isValidBoleto } from "@brazilian-utils/brazilian-utils";
import { describe, expect, it } from "vitest";
import {
  SANDBOX_BANK_CODE,
  barcodeSvg,
  boletoBarcode,
  createBoleto,
  digitableLine,
  dueDateFactor,
  dueDateOfBarcode,
  formatDigitableLine,
  mod10,
  mod11,
  sandboxFreeField,
  type BoletoInput,
} from "./boleto";

/*
 * @brazilian-utils/brazilian-utils 2.4.0: isValidBoleto checks a 47-digit linha digitável of a
 * bank slip (its three módulo-10 digits and the módulo-11 general digit); a 44-digit barcode
 * passes only for arrecadação slips (starting with 8), so barcodes are checked through their
 * linha digitável. getBoletoInfo reads the amount, bank and due date back.
 */

/** Published bank slips: [barcode, linha digitável], both checked by the library below. */
const KNOWN: readonly [string, string][] = [
  // Banco do Brasil, from the brazilian-utils docs (factor 7586, R$ 1.026,56).
  ["00196758600001026560000001149718606852452211", "00190000090114971860168524522114675860000102656"],
  // Bradesco, from boleto-brasileiro-validator's README (factor 7552, R$ 3.700,00).
  ["23799755200003700003381260007827139500006330", "23793381286000782713695000063305975520000370000"],
];

/** Local calendar day of a Date, as getBoletoInfo builds its dates with the local constructor. */
const localDay = (date: Date | null | undefined) =>
  date
    ? `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`
    : null;

const SAMPLE: BoletoInput = { referenceNumber: "1001", amountCents: 150_00, dueDate: "2026-01-01" };

describe("dueDateFactor", () => {
  it.each([
    ["2000-07-03", "1000"], // first factor in use
    ["2000-07-04", "1001"],
    ["2012-04-27", "5316"], // FEBRABAN's operating manual example
    ["2025-02-20", "9998"],
    ["2025-02-21", "9999"], // last day of the first cycle
    ["2025-02-22", "1000"], // FEBRABAN restart
    ["2025-02-23", "1001"],
    ["2026-01-01", "1313"],
    ["2026-06-15", "1478"],
    ["2049-10-13", "9999"], // last day of the second cycle
    ["2049-10-14", "1000"],
  ])("%s → %s", (date, factor) => {
    expect(dueDateFactor(date)).toBe(factor);
  });

  it.each(["2000-07-02", "1997-10-07", "2025-02-30", "2025-2-22", "22/02/2025", ""])("refuses %j", (date) => {
    expect(() => dueDateFactor(date)).toThrow(RangeError);
  });
});

describe("dueDateOfBarcode", () => {
  const barcodeDue = (dueDate: string) => boletoBarcode({ referenceNumber: 123, amountCents: 100, dueDate });

  it.each([
    ["2026-11-26", "2026-11-23"],
    ["2025-02-21", "2025-02-25"], // the first cycle's last day, read just after the restart
    ["2025-02-22", "2025-02-19"], // the restart's first day, read just before it
    ["2049-10-14", "2049-10-10"],
  ])("reads %s back from its factor near %s", (dueDate, near) => {
    expect(dueDateOfBarcode(barcodeDue(dueDate), new Date(`${near}T12:00:00Z`))).toBe(dueDate);
  });

  it("has no due date for factor 0000", () => {
    const barcode = barcodeDue("2026-11-26");
    const noDueDate = `${barcode.slice(0, 5)}0000${barcode.slice(9)}`;
    expect(dueDateOfBarcode(noDueDate, new Date())).toBeNull();
  });
});

describe("check digits", () => {
  it("módulo 10, worked by hand", () => {
    // 999900000 from the right, weights 2,1,2…: 0+0+0+0+0 + 9·1 + (9·2=18→1+8) + 9·1 + (18→9) = 36 → 10 − 6 = 4
    expect(mod10("999900000")).toBe(4);
    // 0000001001: 1·2 + 0 + 0 + 1·1 = 3 → 7
    expect(mod10("0000001001")).toBe(7);
    // a sum ending in 0 gives 0, not 10
    expect(mod10("0000000000")).toBe(0);
    expect(mod10("001900000")).toBe(9); // field 1 of the Banco do Brasil slip
  });

  it("módulo 11 maps 0, 10 and 11 to 1", () => {
    const sandbox43 = (reference: string) => `9999${"1313"}${"0000015000"}${reference.padStart(25, "0")}`;
    // Σ = 256, 256 mod 11 = 3 → 11 − 3 = 8
    expect(mod11(sandbox43("1001"))).toBe(8);
    // Σ = 253 = 11·23, remainder 0 → 11 → 1
    expect(mod11(sandbox43("2"))).toBe(1);
    // Σ = 265 = 11·24 + 1, remainder 1 → 10 → 1
    expect(mod11(sandbox43("8"))).toBe(1);
  });

  it.each(KNOWN)("módulo 11 matches the published slip %s", (barcode) => {
    expect(String(mod11(barcode.slice(0, 4) + barcode.slice(5)))).toBe(barcode[4]);
  });
});

describe("sandboxFreeField", () => {
  it("left-pads the reference number to 25 digits", () => {
    expect(sandboxFreeField("1001")).toBe("0000000000000000000001001");
    expect(sandboxFreeField(1001)).toBe("0000000000000000000001001");
    expect(sandboxFreeField(" 42 ")).toBe("0000000000000000000000042");
    expect(sandboxFreeField("1234567890123456789012345")).toBe("1234567890123456789012345");
  });

  it.each([["LE-1001"], [""], ["12.5"], ["12345678901234567890123456"], [-1], [1.5], [Number.MAX_SAFE_INTEGER + 2]])(
    "refuses %j",
    (reference) => {
      expect(() => sandboxFreeField(reference)).toThrow(RangeError);
    },
  );
});

describe("boletoBarcode", () => {
  it("builds the sandbox example worked by hand", () => {
    // 999 · 9 · DV 8 · factor 1313 · 0000015000 · free field 0…01001
    expect(boletoBarcode(SAMPLE)).toBe("99998131300000150000000000000000000000001001");
  });

  it("places every field where FEBRABAN puts it", () => {
    const barcode = boletoBarcode({
      referenceNumber: "987654321",
      amountCents: 1234_56,
      dueDate: "2026-06-15",
      bankCode: "001",
    });
    expect(barcode).toHaveLength(44);
    expect(barcode.slice(0, 3)).toBe("001");
    expect(barcode[3]).toBe("9");
    expect(barcode.slice(5, 9)).toBe("1478");
    expect(barcode.slice(9, 19)).toBe("0000123456");
    expect(barcode.slice(19)).toBe("0000000000000000987654321");
    expect(String(mod11(barcode.slice(0, 4) + barcode.slice(5)))).toBe(barcode[4]);
  });

  it("uses the sandbox bank, which no real bank owns", () => {
    expect(boletoBarcode(SAMPLE).slice(0, 3)).toBe(SANDBOX_BANK_CODE);
    expect(getBanks().some((bank) => bank.code === SANDBOX_BANK_CODE)).toBe(false);
    expect(getBanks().some((bank) => bank.code === "001")).toBe(true);
  });

  it("gives each sale its own number", () => {
    const numbers = new Set(
      ["1", "2", "1001", "1002", "99999999"].map((referenceNumber) => boletoBarcode({ ...SAMPLE, referenceNumber })),
    );
    expect(numbers.size).toBe(5);
  });

  it.each([
    ["a zero amount", { amountCents: 0 }],
    ["a negative amount", { amountCents: -100 }],
    ["a fractional amount", { amountCents: 10.5 }],
    ["an amount over ten digits", { amountCents: 10_000_000_000 }],
    ["a bad bank code", { bankCode: "01" }],
    ["a bad due date", { dueDate: "2026-13-01" }],
    ["a bad reference", { referenceNumber: "abc" }],
  ])("refuses %s", (_label, change) => {
    expect(() => boletoBarcode({ ...SAMPLE, ...change })).toThrow(RangeError);
  });

  it("accepts the largest ten-digit amount", () => {
    expect(boletoBarcode({ ...SAMPLE, amountCents: 9_999_999_999 }).slice(9, 19)).toBe("9999999999");
  });
});

describe("digitableLine", () => {
  it.each(KNOWN)("turns the published barcode %s into its linha digitável", (barcode, line) => {
    expect(digitableLine(barcode)).toBe(line);
  });

  it("builds the sandbox example worked by hand", () => {
    // 99990000 0+4 · 0000000000+0 · 0000001001+7 · 8 · 1313 0000015000
    expect(digitableLine(boletoBarcode(SAMPLE))).toBe("99990000040000000000000000010017813130000015000");
  });

  it("refuses anything but 44 digits", () => {
    expect(() => digitableLine("123")).toThrow(RangeError);
    expect(() => digitableLine("9999813130000015000000000000000000000000100a")).toThrow(RangeError);
  });
});

describe("formatDigitableLine", () => {
  it.each([
    ["00190000090114971860168524522114675860000102656", "00190.00009 01149.718601 68524.522114 6 75860000102656"],
    ["99990000040000000000000000010017813130000015000", "99990.00004 00000.000000 00000.010017 8 13130000015000"],
    // brazilian-utils' formatting example (its check digits do not add up; formatting ignores them)
    ["10491443385511900000200000000141325230000093423", "10491.44338 55119.000002 00000.000141 3 25230000093423"],
  ])("%s → %s", (line, formatted) => {
    expect(formatDigitableLine(line)).toBe(formatted);
    expect(formatDigitableLine(line)).toBe(formatBoleto(line));
  });

  it("refuses anything but 47 digits", () => {
    expect(() => formatDigitableLine("0019")).toThrow(RangeError);
  });
});

describe("createBoleto, checked by @brazilian-utils/brazilian-utils", () => {
  it.each([
    ["2025-02-21", 1, "1"],
    ["2025-02-22", 150_00, "1001"],
    ["2026-01-01", 99_99, "2"],
    ["2026-06-15", 1234_56, "8"],
    ["2026-12-31", 9_999_999_999, "1234567890123456789012345"],
  ])("due %s, %i centavos, reference %s", (dueDate, amountCents, referenceNumber) => {
    const boleto = createBoleto({ referenceNumber, amountCents, dueDate });
    expect(boleto.barcode).toMatch(/^\d{44}$/);
    expect(boleto.digitableLine).toMatch(/^\d{47}$/);
    expect(isValidBoleto(boleto.digitableLine)).toBe(true);
    expect(isValidBoleto(boleto.formattedLine)).toBe(true);
    // A reference date near the due date picks the factor's cycle (factors repeat every 9000 days).
    const info = getBoletoInfo(boleto.digitableLine, { referenceDate: new Date(`${dueDate}T12:00:00`) });
    expect(info?.bankCode).toBe(SANDBOX_BANK_CODE);
    expect(info?.amount).toBe(amountCents);
    expect(localDay(info?.expirationDate)).toBe(dueDate);
  });

  it("returns the pieces the sale stores", () => {
    expect(createBoleto(SAMPLE)).toEqual({
      barcode: "99998131300000150000000000000000000000001001",
      digitableLine: "99990000040000000000000000010017813130000015000",
      formattedLine: "99990.00004 00000.000000 00000.010017 8 13130000015000",
      dueDate: "2026-01-01",
      factor: "1313",
      amountCents: 15000,
    });
  });

  it("the library rejects a linha digitável with a wrong check digit", () => {
    const line = createBoleto(SAMPLE).digitableLine;
    const wrongField = `${line.slice(0, 9)}${(Number(line[9]) + 1) % 10}${line.slice(10)}`;
    const wrongGeneral = `${line.slice(0, 32)}${(Number(line[32]) + 1) % 10}${line.slice(33)}`;
    expect(isValidBoleto(wrongField)).toBe(false);
    expect(isValidBoleto(wrongGeneral)).toBe(false);
  });
});

describe("barcodeSvg", () => {
  it("draws the barcode as an SVG", () => {
    const svg = barcodeSvg(boletoBarcode(SAMPLE));
    expect(svg.trimStart().startsWith("<svg")).toBe(true);
    expect(svg).toContain("</svg>");
    expect(svg).toContain("<path");
    expect(svg).not.toContain("<text");
  });

  it("draws different barcodes differently", () => {
    expect(barcodeSvg(boletoBarcode(SAMPLE))).not.toBe(
      barcodeSvg(boletoBarcode({ ...SAMPLE, referenceNumber: "1002" })),
    );
  });

  it("refuses anything but a 44-digit barcode", () => {
    expect(() => barcodeSvg("12345")).toThrow(RangeError);
  });
});
