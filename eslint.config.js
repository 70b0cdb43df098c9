// Lint for the whole project (convention 12): TypeScript's recommended rules with type
// information, React's hooks rules, accessibility (jsx-a11y), and nothing about layout,
// which Prettier owns (`npm run format`).
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Conform's own useForm: forms use app/ui/use-form.ts's (issue 25). */
const CONFORM_USE_FORM = {
  name: "@conform-to/react",
  importNames: ["useForm"],
  message: "Use useForm from #app/ui/use-form.ts: it keeps each field's errors on screen.",
};

/**
 * Inside the storefront too the arrows run one way: routes and layout use features, which use the
 * shared parts (lib, ui, .server); a shared part never reaches up into a feature.
 */
const FEATURES_FROM_SHARED_PARTS = {
  regex: "^(#app/(features|routes|layout)/|(\\.\\./)+(features|routes|layout)/)",
  message: "app/lib, app/ui and app/.server are shared by the features: move what they need down here.",
};

/**
 * Forbids a layer's files to import the layers above it, by alias (#app/…) or by a relative path
 * that climbs out of the layer (../../app/…). The message names the way down.
 */
function layerRule(files, above, message) {
  const names = above.join("|");
  return {
    files: [files],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: `^(#(${names})/|(\\.\\./)+(${names})/)`, message }] }],
    },
  };
}

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "data/", ".tmp/", "test-results/", "playwright-report/", "public/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A forgotten await is a race; a promise given to an event handler is checked by hand.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `_name` marks what a destructuring leaves out on purpose.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The checkout's terms checkbox is labelled by a link inside a span (spec §2 text).
      "jsx-a11y/label-has-associated-control": ["error", { depth: 3 }],
    },
  },
  {
    // Tests read JSON replies as the API sent them; tests/fixtures/test-api.ts checks each 2xx
    // reply against api/contract first, so an `any` there cannot hide a reply of the wrong shape.
    files: ["**/*.test.ts", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // A migration describes the database as it was at that step, not as db/schema.ts says
    // it is now: Kysely's own guide types migrations with Kysely<any>.
    files: ["db/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  { files: ["app/**/*.{ts,tsx}"], ...reactHooks.configs.flat["recommended-latest"] },
  {
    // Forms subscribe their own render to their fields' errors (app/ui/use-form.ts, issue 25).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/ui/use-form.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [CONFORM_USE_FORM] }] },
  },
  {
    files: ["app/{lib,ui,.server}/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/ui/use-form.ts"],
    rules: {
      "no-restricted-imports": ["error", { paths: [CONFORM_USE_FORM], patterns: [FEATURES_FROM_SHARED_PARTS] }],
    },
  },
  {
    files: ["app/ui/use-form.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [FEATURES_FROM_SHARED_PARTS] }] },
  },
  // One direction of dependency (issue 26, docs/architecture.md): core <- db <- api <- app. A layer
  // imports the layers below it only, so a shared rule never drags the storefront into the API.
  // ESLint keeps the last no-restricted-imports a file matches: the migrations' stricter rule below
  // replaces db/'s for them.
  layerRule(
    "core/**/*.{ts,tsx}",
    ["app", "api", "db"],
    "core/ holds the rules every layer shares: it imports no layer of the store.",
  ),
  layerRule(
    "db/**/*.{ts,tsx}",
    ["app", "api"],
    "db/ sits under the API and the storefront: move what both need to core/.",
  ),
  layerRule("api/**/*.{ts,tsx}", ["app"], "api/ sits under the storefront: move what both need to core/ (or db/)."),
  {
    // A migration is frozen: it imports nothing that changes later (the storefront, the API, the
    // schema of today), only Kysely and Node, so an old step always writes what it wrote (issue 26).
    files: ["db/migrations/**/*.ts"],
    ignores: ["db/migrations/**/*.test.ts", "db/migrations/index.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(#|\\.\\./)",
              message: "A migration imports only kysely, node: and other migrations: copy the values it needs.",
            },
          ],
        },
      ],
    },
  },
  {
    // A route's input is parsed by validated(endpoint) where the route is declared, with the
    // contract's own schemas (issue 26, docs/decisions/0052): a handler never names them again.
    files: ["api/**/*.ts"],
    ignores: ["api/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='parseInput'][arguments.0.property.name=/^(body|query|params)$/]",
          message:
            "Declare the route with validated(endpoint) (api/validation.ts) and read c.req.valid(...): the contract's schema parses there.",
        },
      ],
    },
  },
  {
    // Playwright's fixtures take their dependencies as a destructured first argument, even none.
    files: ["tests/e2e/**/*.ts"],
    rules: { "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ["**/*.js"],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
