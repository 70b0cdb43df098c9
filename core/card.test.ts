import cardValidator from "card-validator";
import { describe, expect, it } from "vitest";
import {
  ACCEPTED_BRANDS,
  CARD_FIELD_MESSAGES,
  CARD_FORM_MESSAGE,
  brandForGateway,
  brandName,
  cardDigits,
  checkCardNumber,
  checkExpiry,
  cvcLengths,
  detectBrand,
  expirationDateForGateway,
  isValidCvc,
  isValidHolder,
  lastFourDigits,
  maskCardExpiry,
  maskCardNumber,
  normalizeHolder,
  validateCardForm,
  type CardBrand,
  type CardFormInput,
} from "./card.ts";

const JUNE_2026 = new Date("2026-06-15T12:00:00-03:00");

/** Independent Luhn, to prove the fixtures are real test numbers and not just what the library says. */
function luhn(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    let d = Number(char);
    if (index % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
}

/** Published test numbers (gateway sandboxes, Braintree's and card-validator's own suites). */
const TEST_CARDS: readonly [CardBrand, string][] = [
  ["visa", "4111111111111111"],
  ["visa", "4012888888881881"],
  ["mastercard", "5555555555554444"],
  ["mastercard", "2223000048400011"],
  ["american-express", "378282246310005"],
  ["american-express", "371449635398431"],
  ["diners-club", "30569309025904"],
  ["diners-club", "38520000023237"],
  ["elo", "6362970000457013"],
  ["elo", "5066991111111118"],
  ["hipercard", "6062828888666688"],
  ["hipercard", "6062825624254001"],
  ["hipercard", "6062826786276634"],
];

describe("test card fixtures", () => {
  it.each(TEST_CARDS)("%s %s passes Luhn and the library", (brand, number) => {
    expect(luhn(number)).toBe(true);
    const result = cardValidator.number(number);
    expect(result.isValid).toBe(true);
    expect(result.card?.type).toBe(brand);
  });

  it("6363 6800 0045 7013, sometimes quoted as an Elo test card, fails Luhn", () => {
    expect(luhn("6363680000457013")).toBe(false);
    expect(checkCardNumber("6363 6800 0045 7013")).toEqual({ ok: false, reason: "number" });
  });
});

describe("checkCardNumber", () => {
  it.each(TEST_CARDS)("accepts %s %s", (brand, number) => {
    expect(checkCardNumber(number)).toEqual({ ok: true, brand, digits: number });
  });

  it("strips the mask's spaces", () => {
    expect(checkCardNumber("4111 1111 1111 1111")).toEqual({ ok: true, brand: "visa", digits: "4111111111111111" });
    expect(checkCardNumber(" 3782 822463 10005 ")).toMatchObject({ ok: true, brand: "american-express" });
    expect(checkCardNumber("3056 930902 5904")).toMatchObject({ ok: true, brand: "diners-club" });
  });

  it.each([
    ["empty", ""],
    ["letters", "4111 1111 1111 111a"],
    ["dashes", "4111-1111-1111-1111"],
    ["dots", "4111.1111.1111.1111"],
    ["wrong Luhn (Visa)", "4111111111111112"],
    ["wrong Luhn (Amex)", "378282246310006"],
    ["Visa too short", "411111111111111"],
    ["Visa 17 digits", "41111111111111111"],
    ["Mastercard 15 digits", "555555555555444"],
    ["Amex 16 digits", "3782822463100052"],
    ["Diners 13 digits", "3056930902590"],
    ["Elo prefix without Luhn", "4011780000000000"],
    ["no brand starts with 1", "1234567890123452"],
    ["a prefix shared by several brands", "6"],
  ])("rejects the number: %s", (_label, number) => {
    expect(checkCardNumber(number)).toEqual({ ok: false, reason: "number" });
  });

  it.each([
    ["Discover", "6011111111111117"],
    ["JCB", "3530111333300000"],
    ["UnionPay", "6221260000000000"],
    ["Hiper (not Hipercard)", "6370950000000005"],
  ])("rejects a brand not accepted: %s", (_label, number) => {
    expect(checkCardNumber(number)).toEqual({ ok: false, reason: "brand" });
  });

  it("accepts Visa's 19-digit length", () => {
    expect(checkCardNumber("4111111111111111110")).toMatchObject({ ok: true, brand: "visa" });
  });
});

describe("detectBrand", () => {
  it.each([
    ["4", null],
    ["41", "visa"],
    ["5555", "mastercard"],
    ["2223", "mastercard"],
    ["34", "american-express"],
    ["37", "american-express"],
    ["305", "diners-club"],
    ["36", "diners-club"],
    ["606282", "hipercard"],
    ["636297", "elo"],
    ["401178", "elo"],
    ["6011", null],
    ["", null],
    ["abc", null],
  ] as const)("%s → %s", (prefix, brand) => {
    expect(detectBrand(prefix)).toBe(brand);
  });
});

describe("brandForGateway", () => {
  it.each([
    ["visa", "VISA"],
    ["mastercard", "MASTER"],
    ["american-express", "AMEX"],
    ["diners-club", "DINERS"],
    ["elo", "ELO"],
    ["hipercard", "HIPERCARD"],
  ] as const)("%s → %s", (brand, name) => {
    expect(brandForGateway(brand)).toBe(name);
  });

  it("covers every accepted brand", () => {
    expect(ACCEPTED_BRANDS.map(brandForGateway)).toEqual(["VISA", "MASTER", "HIPERCARD", "ELO", "AMEX", "DINERS"]);
  });
});

describe("brandName", () => {
  it("uses the library's display names", () => {
    expect(ACCEPTED_BRANDS.map(brandName)).toEqual([
      "Visa",
      "Mastercard",
      "Hipercard",
      "Elo",
      "American Express",
      "Diners Club",
    ]);
  });
});

describe("maskCardNumber", () => {
  it.each([
    ["", ""],
    ["4", "4"],
    ["4111", "4111"],
    ["41111", "4111 1"],
    ["4111111111111111", "4111 1111 1111 1111"],
    ["4111-1111-1111-1111", "4111 1111 1111 1111"],
    ["378282246310005", "3782 822463 10005"],
    ["3782822463100059999", "3782 822463 10005"],
    ["30569309025904", "3056 930902 5904"],
    ["6062828888666688", "6062 8288 8866 6688"],
    ["62970000457013", "6297 0000 4570 13"],
    ["12345678901234567890", "1234 5678 9012 3456"],
    ["4111111111111111111", "4111 1111 1111 1111 111"],
  ])("%s → %s", (input, masked) => {
    expect(maskCardNumber(input)).toBe(masked);
  });
});

describe("cardDigits and lastFourDigits", () => {
  it("strips spaces only / keeps the last four digits", () => {
    expect(cardDigits(" 4111 1111\t1111 1111 ")).toBe("4111111111111111");
    expect(cardDigits("4111-1111")).toBe("4111-1111");
    expect(lastFourDigits("4111 1111 1111 1234")).toBe("1234");
    expect(lastFourDigits("3782 822463 10005")).toBe("0005");
    expect(lastFourDigits("12")).toBe("12");
    expect(lastFourDigits("")).toBe("");
  });
});

describe("holder", () => {
  it.each([
    "JOSE DA SILVA",
    "José da Silva",
    "MARIA CONCEIÇÃO ÁVILA",
    "Ana",
    "A",
    "ABCDEFGHIJKLMNOPQRSTUVWXYZ", // 26
    "ABCDEFGHIJKLM NOPQRSTUVWXY", // 26 with a space
    "  joão   pedro  ", // trimmed and collapsed
    "Jose\u0301 Paulo", // an accent typed as a combining mark
  ])("accepts %j", (holder) => {
    expect(isValidHolder(holder)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["spaces only", "   "],
    ["27 letters", "ABCDEFGHIJKLMNOPQRSTUVWXYZA"],
    ["27 with a space", "ABCDEFGHIJKLM NOPQRSTUVWXYZ"],
    ["digits", "JOSE 2"],
    ["hyphen", "ANA-MARIA"],
    ["apostrophe", "D'AVILA"],
    ["dot", "J. SILVA"],
    ["emoji", "ANA 😀"],
  ])("rejects %s", (_label, holder) => {
    expect(isValidHolder(holder)).toBe(false);
  });

  it("normalises spaces and composes accents", () => {
    expect(normalizeHolder("  joão   pedro ")).toBe("joão pedro");
    expect(normalizeHolder("Jose\u0301")).toBe("José");
  });
});

describe("checkExpiry", () => {
  it.each([
    ["06 / 26", 6, 2026],
    ["06/26", 6, 2026],
    ["0626", 6, 2026],
    [" 07 /26 ", 7, 2026],
    ["12 / 26", 12, 2026],
    ["01 / 27", 1, 2027],
    ["12 / 99", 12, 2099],
  ])("accepts %j in June 2026", (value, month, year) => {
    expect(checkExpiry(value, JUNE_2026)).toEqual({ ok: true, month, year });
  });

  it.each([
    ["05 / 26", "expired"],
    ["12 / 25", "expired"],
    ["01 / 00", "expired"],
    ["00 / 27", "expiry"],
    ["13 / 27", "expiry"],
    ["6 / 27", "expiry"],
    ["627", "expiry"],
    ["06 / 2027", "expiry"],
    ["06-27", "expiry"],
    ["ab / cd", "expiry"],
    ["", "expiry"],
  ])("rejects %j in June 2026 (%s)", (value, reason) => {
    expect(checkExpiry(value, JUNE_2026)).toEqual({ ok: false, reason });
  });

  it("reads the current month in Recife", () => {
    // 02:00 UTC on 1 July is still 30 June in Recife: a card expiring in June still works.
    expect(checkExpiry("06 / 26", new Date("2026-07-01T02:00:00Z"))).toMatchObject({ ok: true });
    expect(checkExpiry("06 / 26", new Date("2026-07-01T04:00:00Z"))).toEqual({ ok: false, reason: "expired" });
  });

  it("reads the two-digit year in the current century", () => {
    expect(checkExpiry("01 / 05", new Date("2101-01-01T12:00:00-03:00"))).toEqual({ ok: true, month: 1, year: 2105 });
  });
});

describe("maskCardExpiry", () => {
  it.each([
    ["", ""],
    ["0", "0"],
    ["06", "06"],
    ["062", "06 / 2"],
    ["0627", "06 / 27"],
    ["06/27", "06 / 27"],
    ["062799", "06 / 27"],
  ])("%j → %j", (input, masked) => {
    expect(maskCardExpiry(input)).toBe(masked);
  });
});

describe("CVC", () => {
  it("has 4 digits for American Express, 3 for the others, 3 or 4 when unknown", () => {
    expect(cvcLengths("american-express")).toEqual([4]);
    for (const brand of ["visa", "mastercard", "elo", "hipercard", "diners-club"] as const) {
      expect(cvcLengths(brand)).toEqual([3]);
    }
    expect(cvcLengths(null)).toEqual([3, 4]);
  });

  it.each([
    ["123", "visa", true],
    ["1234", "visa", false],
    ["12", "visa", false],
    ["1234", "american-express", true],
    ["123", "american-express", false],
    ["123", null, true],
    ["1234", null, true],
    ["12", null, false],
    ["12345", null, false],
    ["12a", null, false],
    ["", null, false],
    [" 123 ", "elo", true],
  ] as const)("%j for %s → %s", (cvc, brand, valid) => {
    expect(isValidCvc(cvc, brand)).toBe(valid);
  });
});

describe("expirationDateForGateway", () => {
  it("builds year-month-10", () => {
    expect(expirationDateForGateway(3, 2031)).toBe("2031-03-10");
    expect(expirationDateForGateway(12, 2026)).toBe("2026-12-10");
    expect(expirationDateForGateway(1, 2099)).toBe("2099-01-10");
  });

  it("refuses a month or year out of range", () => {
    expect(() => expirationDateForGateway(0, 2030)).toThrow(RangeError);
    expect(() => expirationDateForGateway(13, 2030)).toThrow(RangeError);
    expect(() => expirationDateForGateway(1.5, 2030)).toThrow(RangeError);
    expect(() => expirationDateForGateway(6, 30)).toThrow(RangeError);
  });
});

describe("validateCardForm", () => {
  const valid: CardFormInput = {
    holder: " José da Silva ",
    number: "4111 1111 1111 1111",
    expiry: "12 / 30",
    cvc: "123",
    installments: "3",
  };

  it("returns the card ready for the gateway", () => {
    expect(validateCardForm(valid, { now: JUNE_2026 })).toEqual({
      ok: true,
      card: {
        holder: "José da Silva",
        number: "4111111111111111",
        brand: "visa",
        expiryMonth: 12,
        expiryYear: 2030,
        cvc: "123",
        installments: 3,
      },
    });
  });

  it("accepts an American Express card with a 4-digit code and a numeric instalment count", () => {
    const result = validateCardForm(
      { ...valid, number: "3782 822463 10005", cvc: "1234", installments: 12 },
      { now: JUNE_2026, maxInstallments: 12 },
    );
    expect(result).toMatchObject({ ok: true, card: { brand: "american-express", cvc: "1234", installments: 12 } });
  });

  it.each([
    ["holder", { holder: "" }, CARD_FIELD_MESSAGES.holder],
    ["holder", { holder: "ANA 2" }, CARD_FIELD_MESSAGES.holder],
    ["number", { number: "4111 1111 1111 1112" }, CARD_FIELD_MESSAGES.number],
    ["number", { number: "" }, CARD_FIELD_MESSAGES.number],
    ["number", { number: "6011 1111 1111 1117" }, CARD_FIELD_MESSAGES.brand],
    ["expiry", { expiry: "13 / 30" }, CARD_FIELD_MESSAGES.expiry],
    ["expiry", { expiry: "05 / 26" }, CARD_FIELD_MESSAGES.expired],
    ["cvc", { cvc: "12" }, CARD_FIELD_MESSAGES.cvc],
    ["cvc", { cvc: "1234" }, CARD_FIELD_MESSAGES.cvc],
    ["installments", { installments: "" }, CARD_FIELD_MESSAGES.installments],
    ["installments", { installments: null }, CARD_FIELD_MESSAGES.installments],
    ["installments", { installments: "0" }, CARD_FIELD_MESSAGES.installments],
    ["installments", { installments: "2.5" }, CARD_FIELD_MESSAGES.installments],
    ["installments", { installments: -1 }, CARD_FIELD_MESSAGES.installments],
  ] as const)("flags %s (%j) with the single form message", (field, change, fieldMessage) => {
    const result = validateCardForm({ ...valid, ...change }, { now: JUNE_2026 });
    expect(result).toEqual({ ok: false, message: CARD_FORM_MESSAGE, errors: { [field]: fieldMessage } });
  });

  it("checks the instalment count against the cart's maximum when given", () => {
    expect(validateCardForm({ ...valid, installments: "7" }, { now: JUNE_2026, maxInstallments: 6 })).toMatchObject({
      ok: false,
      errors: { installments: CARD_FIELD_MESSAGES.installments },
    });
    expect(validateCardForm({ ...valid, installments: "6" }, { now: JUNE_2026, maxInstallments: 6 })).toMatchObject({
      ok: true,
    });
  });

  it("checks the CVC size of the brand typed even when the number is wrong", () => {
    const result = validateCardForm({ ...valid, number: "3782 822463 10006", cvc: "123" }, { now: JUNE_2026 });
    expect(result).toMatchObject({
      ok: false,
      errors: { number: CARD_FIELD_MESSAGES.number, cvc: CARD_FIELD_MESSAGES.cvc },
    });
  });

  it("reports every failing field of an empty form", () => {
    const result = validateCardForm({}, { now: JUNE_2026 });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe("Formulário incompleto - Preencha todos os campos do formulário para prosseguir.");
    expect(Object.keys(result.errors).sort()).toEqual(["cvc", "expiry", "holder", "installments", "number"]);
  });

  it("feeds the gateway helpers", () => {
    const result = validateCardForm({ ...valid, number: "5555 5555 5555 4444" }, { now: JUNE_2026 });
    if (!result.ok) throw new Error("expected a valid card");
    expect(brandForGateway(result.card.brand)).toBe("MASTER");
    expect(expirationDateForGateway(result.card.expiryMonth, result.card.expiryYear)).toBe("2030-12-10");
    expect(lastFourDigits(result.card.number)).toBe("4444");
  });
});
