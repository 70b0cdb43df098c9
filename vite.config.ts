import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The browser's chunks, few and only what a page runs (docs/decisions/0037-page-weight.md):
// React, React Router and the root's own code in the entry chunk every page loads, the
// storefront shell in one chunk, Zod and Conform apart for the pages with a form. Left to
// itself the bundler made 40 files for the home, and a lazy modal's shared helpers pulled
// the form libraries into every page.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router)[\\/]|rolldown[\\/]runtime|remix-utils[\\/]build[\\/]react[\\/](authenticity-token|use-hydrated)/;
// The catalogue's components more than one page a visit starts on shows (the card of home,
// listing and search; the product panel of product and checkout) and the link state "Comprar"
// needs. A component of one page only (the home's highlights, the listing's pagination, the
// product's buy button) stays in that page's chunk, out of the bytes every page loads. A product
// page's address (the product page, the cart line, the order history) goes with them.
const BROWSING =
  /[\\/]app[\\/](features[\\/](catalogue[\\/](product-card|product-information)\.tsx|students[\\/]link-mode\.ts)|lib[\\/]product-path\.ts)$/;
// Conform runs the forms; Zod and its Conform adapter are the rules, loaded when a form is
// first focused (docs/decisions/0039-form-pages-weight.md) or with the gestor's pages.
const FORMS =
  /node_modules[\\/]@conform-to[\\/](react|dom)[\\/]|[\\/]app[\\/]ui[\\/](form-field\.tsx|lazy-rules\.ts|inline-toast\.tsx)$/;
const RULES = /node_modules[\\/](zod|@conform-to[\\/]zod)[\\/]/;
const ROOT = /[\\/]app[\\/]root\.tsx$/;
const SHOP_LAYOUT = /[\\/]app[\\/]routes[\\/]shop-layout\.tsx$/;
const APP_CODE = /[\\/](app|core|api[\\/]contract)[\\/][^?]*\.tsx?$/;

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/**
 * The app modules a route module runs before any lazy boundary: its static imports, followed,
 * stopping at a module something imports with import() (a modal loaded when it opens).
 */
function staticClosure(graph: ModuleGraph, start: string, lazy: Set<string>) {
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || (id !== start && lazy.has(id)) || !APP_CODE.test(id)) continue;
    seen.add(id);
    queue.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

function shellChunks() {
  let shells: { root: Set<string>; shop: Set<string> } | undefined;
  return (id: string, graph: ModuleGraph & { moduleIds?: () => Iterable<string> }, allIds: () => string[]) => {
    if (!shells) {
      const ids = allIds();
      const lazy = new Set(ids.flatMap((module) => graph.getModuleInfo(module)?.dynamicallyImportedIds ?? []));
      const root = ids.find((module) => ROOT.test(module));
      const shop = ids.find((module) => SHOP_LAYOUT.test(module));
      shells = {
        root: root ? staticClosure(graph, root, lazy) : new Set(),
        shop: shop ? staticClosure(graph, shop, lazy) : new Set(),
      };
    }
    if (FRAMEWORK.test(id) || shells.root.has(id)) return "entry";
    if (FORMS.test(id)) return "forms";
    if (RULES.test(id)) return "rules";
    // Small primitives (formatting, URL state, modal frame) the shell shares with other areas.
    if (shells.shop.has(id)) return /[\\/](app[\\/](lib|ui)|core)[\\/]/.test(id) ? "entry" : "shop";
    if (BROWSING.test(id)) return "shop";
    return null;
  };
}

export default defineConfig(() => {
  const moduleIds: string[] = [];
  const chunkOf = shellChunks();
  return {
    plugins: [
      tailwindcss(),
      reactRouter(),
      {
        name: "loja:module-ids",
        apply: "build",
        applyToEnvironment: (environment: { name: string }) => environment.name === "client",
        moduleParsed(info: { id: string }) {
          moduleIds.push(info.id);
        },
      },
    ],
    ssr: {
      // Native or Node-only packages stay outside the server bundle.
      // pdfkit reads its fonts through its own package imports (#standard-fonts).
      external: ["better-sqlite3", "pg", "pdfkit"],
    },
    environments: {
      client: {
        build: {
          // For scripts/chunk-contents.js (what a chunk is made of); "hidden": the files stay as
          // they are without it, so their sizes are the ones the budget counts.
          sourcemap: process.env.BUILD_SOURCEMAP ? "hidden" : false,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    debugName: "entry, shop and forms",
                    name: (id: string, graph: ModuleGraph) => chunkOf(id, graph, () => moduleIds),
                  },
                ],
              },
            },
          },
        },
      },
      // One server file, as before: the lazy modals' import() is for browsers only.
      ssr: { build: { rolldownOptions: { output: { codeSplitting: false } } } },
    },
  };
});
