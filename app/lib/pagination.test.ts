import { describe, expect, it } from "vitest";
import { clampPage, pageAfterResize, pageCount, pageOf, parsePageSize } from "./pagination.ts";
import { visiblePages } from "./visible-pages.ts";

describe("listing pagination", () => {
  it("counts pages as ceil(items / size)", () => {
    expect(pageCount(0, 9)).toBe(0);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
    expect(pageCount(13, 6)).toBe(3);
  });

  it("slices the requested page", () => {
    const items = Array.from({ length: 13 }, (_, i) => i + 1);
    expect(pageOf(items, 1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageOf(items, 3, 6)).toEqual([13]);
  });

  it("turns bad page numbers into the nearest valid page", () => {
    expect(clampPage(null, 3)).toBe(1);
    expect(clampPage("abc", 3)).toBe(1);
    expect(clampPage("-2", 3)).toBe(1);
    expect(clampPage("7", 3)).toBe(3);
    expect(clampPage("2", 0)).toBe(1);
  });

  it("accepts only the two page sizes of the spec", () => {
    expect(parsePageSize("9")).toBe(9);
    expect(parsePageSize("6")).toBe(6);
    expect(parsePageSize("100")).toBeNull();
  });

  it("keeps the first visible item when the page size changes", () => {
    expect(pageAfterResize(2, 9, 6)).toBe(2); // item 10 is on page 2 of 6
    expect(pageAfterResize(3, 6, 9)).toBe(2); // item 13 is on page 2 of 9
    expect(pageAfterResize(1, 9, 6)).toBe(1);
  });

  it("links every page of a short listing", () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("links the first, the last and the pages around the current one of a long listing", () => {
    expect(visiblePages(1, 1112)).toEqual([1, 2, 3, null, 1112]);
    expect(visiblePages(50, 1112)).toEqual([1, null, 48, 49, 50, 51, 52, null, 1112]);
    expect(visiblePages(1112, 1112)).toEqual([1, null, 1110, 1111, 1112]);
    // A gap of one page shows the page rather than "…".
    expect(visiblePages(5, 1112)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 1112]);
  });
});
