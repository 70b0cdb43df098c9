import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCTS } from "./catalogue-data.ts";
import { catalogueOfSize } from "./large-catalogue.ts";
import { kindByName, productIllustration } from "./product-illustrations.ts";

const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../public");

describe("the demo products' pictures", () => {
  it("draw what each item is, named by its own words, not by its category", () => {
    for (const product of PRODUCTS) expect(kindByName(product.title), product.title).toBeDefined();
    expect(kindByName("Mochila Escolar com Rodinhas")).toBe("rollingBackpack");
    expect(kindByName("Estojo Escolar Duplo com Zíper")).toBe("pencilCase");
    expect(kindByName("Camisa Polo Manga Curta - Ensino Fundamental")).toBe("polo");
    expect(kindByName("Caderno Brochura Capa Dura 96 Folhas")).toBe("notebook");
    expect(kindByName("Curso de Ballet Infantil")).toBe("ballet");
    // A shirt for the festa junina is a shirt, not the festa.
    expect(kindByName("Camisa Arraiá da Escola")).toBe("tshirtPlaid");
  });

  it("print no text (the card prints the name under the picture) and stay small", () => {
    for (const product of PRODUCTS) {
      const svg = productIllustration(product);
      expect(svg, product.title).not.toMatch(/<text|<tspan|aria-label/);
      expect(Buffer.byteLength(svg), product.title).toBeLessThanOrEqual(4096);
    }
  });

  it("give products of one kind different colours", () => {
    const fills = (svg: string) => svg.match(/fill="#[0-9a-f]{6}"/g)?.join();
    const kits = PRODUCTS.filter((product) => kindByName(product.title) === "books").map(productIllustration);
    expect(new Set(kits.map(fills)).size).toBeGreaterThan(kits.length / 3);
  });

  it("are the files in public/images/products (run scripts/generate-product-images.ts after a change)", () => {
    for (const product of PRODUCTS) {
      const file = path.join(PUBLIC_DIR, "images/products", `${product.slug}.svg`);
      expect(fs.readFileSync(file, "utf8"), file).toBe(productIllustration(product));
    }
  });

  it("are reused by the large catalogue's variants, one file per demo product", () => {
    const images = new Set(PRODUCTS.map((product) => product.image));
    for (const product of catalogueOfSize(PRODUCTS.length * 3)) expect(images.has(product.image)).toBe(true);
  });
});
