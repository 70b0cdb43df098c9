import { describe, expect, it } from "vitest";
import { sitePath } from "./site-path.ts";

describe("sitePath", () => {
  it.each([
    ["/", "/"],
    ["/categoria/cursos", "/categoria/cursos"],
    ["/produto/mochila?cor=azul#fotos", "/produto/mochila?cor=azul#fotos"],
    ["/a/../categoria/cursos", "/categoria/cursos"],
  ])("keeps the store's path %j", (value, path) => expect(sitePath(value)).toBe(path));

  it.each([
    "/\\evil.example/x",
    "//evil.example/x",
    "/\\/evil.example",
    "/.//evil.example",
    "https://evil.example/x",
    "javascript:alert(1)",
    "categoria/cursos",
    "\\\\evil.example",
    "/\t/evil.example",
    "",
  ])("refuses %j, which a browser would take off the site", (value) => expect(sitePath(value)).toBeNull());
});
