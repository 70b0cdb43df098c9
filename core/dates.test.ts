import { describe, expect, it } from "vitest";
import {
  addDays,
  brazilDateTime,
  brazilDayStart,
  currentPeriodCode,
  isCalendarDate,
  mondayOf,
  todayInBrazil,
} from "./dates.ts";

describe("todayInBrazil", () => {
  it("gives the Recife date, not the UTC one", () => {
    // 01:30 UTC on 1 March is still 22:30 on 28 February in Recife.
    expect(todayInBrazil(new Date("2026-03-01T01:30:00Z"))).toBe("2026-02-28");
    expect(todayInBrazil(new Date("2026-03-01T03:00:00Z"))).toBe("2026-03-01");
    expect(todayInBrazil(new Date("2025-12-31T23:59:00-03:00"))).toBe("2025-12-31");
  });

  it("uses the current time by default", () => {
    expect(todayInBrazil()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("isCalendarDate", () => {
  it("accepts real days and rejects impossible or malformed ones", () => {
    expect(isCalendarDate("2024-02-29")).toBe(true);
    expect(isCalendarDate("2025-02-29")).toBe(false);
    expect(isCalendarDate("2025-13-01")).toBe(false);
    expect(isCalendarDate("01/02/2020")).toBe(false);
    expect(isCalendarDate("2020-1-2")).toBe(false);
  });
});

describe("addDays", () => {
  it.each([
    ["2026-03-02", 3, "2026-03-05"],
    ["2025-02-27", 2, "2025-03-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2026-12-30", 3, "2027-01-02"],
    ["2026-03-09", -3, "2026-03-06"],
    ["2026-01-01", -1, "2025-12-31"],
  ])("%s moved %s days is %s", (from, days, expected) => {
    expect(addDays(from, days)).toBe(expected);
  });
});

describe("brazilDateTime", () => {
  it("gives a Pix code's expiry in Recife's time, across midnight and the year", () => {
    expect(brazilDateTime("2026-11-23T21:45:00.000Z")).toEqual({ date: "23/11/2026", time: "18:45" });
    expect(brazilDateTime("2027-01-01T02:05:00.000Z")).toEqual({ date: "31/12/2026", time: "23:05" });
    expect(brazilDateTime("2026-06-01T03:00:00.000Z")).toEqual({ date: "01/06/2026", time: "00:00" });
  });
});

describe("brazilDayStart and mondayOf", () => {
  it("starts a day at midnight in Recife, three hours after UTC's", () => {
    expect(brazilDayStart("2026-03-02")).toBe("2026-03-02T03:00:00.000Z");
  });

  it("goes back to Monday, and stays on a Monday", () => {
    expect(mondayOf("2026-03-08")).toBe("2026-03-02"); // a Sunday
    expect(mondayOf("2026-03-04")).toBe("2026-03-02");
    expect(mondayOf("2026-03-02")).toBe("2026-03-02");
  });
});

describe("currentPeriodCode", () => {
  it("is the year in Recife followed by 00, also on New Year's Eve after 21:00 there", () => {
    expect(currentPeriodCode(new Date("2026-03-10T12:00:00Z"))).toBe("202600");
    expect(currentPeriodCode(new Date("2027-01-01T01:00:00Z"))).toBe("202600");
    expect(currentPeriodCode(new Date("2027-01-01T03:00:00Z"))).toBe("202700");
  });
});
