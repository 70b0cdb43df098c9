import { defineConfig, devices } from "@playwright/test";
import {
  e2eEnv,
  e2eMercadoPagoServerEnvironment,
  e2ePostgres,
  e2ePostgresEnvironment,
  e2eSchoolApiEnvironment,
  e2eSchoolStoreEnvironment,
  e2eServerEnvironment,
} from "./tests/e2e/support/e2e-env.ts";
import { testBrowser } from "./tests/e2e/support/chromium.ts";

const { baseURL } = e2eEnv;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: testBrowser };
const mobile = { ...devices["Pixel 7"], launchOptions: testBrowser };
// Runs only on the store with two servers on PostgreSQL (postgres-* projects below).
const postgresOnly = "several-servers.spec.ts";

// Every flow runs in both desktop projects, with JavaScript on and off. The phone projects run
// the specs whose layout or flow differs below 710 px (the header and bottom bar, the listing's
// page size, the product page, the cart panel, the checkout, the dialogs' accessibility at that
// size); the rest of the suite would only repeat the desktop runs in a narrower window, and the
// whole suite has to fit its time budget (docs/testing.md).
const MOBILE_NO_JS_SPECS = [
  "shell",
  "home",
  "category",
  "product",
  "sizes-and-seats",
  "sizes-after-sale",
  "notify-me",
  "waiting-list",
  "cart",
  "checkout-cart",
  "material-list",
  "pickup",
];
const MOBILE_JS_SPECS = [
  ...MOBILE_NO_JS_SPECS,
  "checkout-payment",
  "checkout-pix",
  "quick-purchase",
  "pages",
  "accessibility",
];
const specs = (names: string[]) => names.map((name) => `${name}.spec.ts`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Two browsers at once on the 2-core CI machine (Playwright's own default is half the cores:
  // one there, which doubled the suite's time); E2E_WORKERS for another machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A whole journey's budget, not a step's. The journeys of issues 29-31 (delivery, material
  // lists, messages) take 25-32 s on the quiet 2-core CI machine with two browsers, and at 30 s
  // they failed by chance. A step waits 15 s at most: on a CI machine running three times
  // slower than a quiet one (stop 38: the browser phase took 1.2 h), removing a cart line took
  // more than the 7 s it had, while the page did everything right.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: { baseURL, trace: "retain-on-failure", locale: "pt-BR", timezoneId: "America/Recife" },
  projects: [
    { name: "desktop-js", testIgnore: postgresOnly, use: { ...desktop, javaScriptEnabled: true } },
    { name: "desktop-no-js", testIgnore: postgresOnly, use: { ...desktop, javaScriptEnabled: false } },
    { name: "mobile-js", testMatch: specs(MOBILE_JS_SPECS), use: { ...mobile, javaScriptEnabled: true } },
    { name: "mobile-no-js", testMatch: specs(MOBILE_NO_JS_SPECS), use: { ...mobile, javaScriptEnabled: false } },
    // The purchase flows on PostgreSQL with two servers behind a round-robin proxy (0035), when
    // E2E_DATABASE_URL names a PostgreSQL server (scripts/test.sh).
    ...[true, false].flatMap((javaScriptEnabled) =>
      e2ePostgres
        ? [
            {
              name: javaScriptEnabled ? "postgres-js" : "postgres-no-js",
              grep: /@purchase/,
              // A page costs several times more database round trips' time on PostgreSQL than on
              // SQLite's in-process file; on a busy machine a whole purchase with JavaScript
              // came close to the 30 s default.
              timeout: 120_000,
              use: { ...desktop, javaScriptEnabled, baseURL: e2ePostgres.baseURL },
            },
          ]
        : [],
    ),
  ],
  webServer: [
    {
      // The built production server on a fresh database with the demo data.
      command: "node scripts/e2e-server.js",
      url: `${baseURL}/api/payment-methods/list-payment-methods`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      // The same settings the tests read (ports, data directory, session secret).
      env: e2eServerEnvironment(),
    },
    {
      // The same server charging through the Mercado Pago double, for checkout-mercadopago.spec.ts:
      // a second process, since the gateway is chosen once per process (PAYMENT_GATEWAY).
      command: "node scripts/e2e-server.js",
      url: `${e2eEnv.mercadoPago.baseURL}/api/payment-methods/list-payment-methods`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: e2eMercadoPagoServerEnvironment(),
    },
    {
      // The school network's store API as school-api.spec.ts meets it: spec §7's calls only.
      command: "node scripts/e2e-school-api.js",
      url: `${e2eEnv.schoolApi.apiOrigin}/api/payment-methods/list-payment-methods`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: e2eSchoolApiEnvironment(),
    },
    {
      // A storefront on it over HTTP (STORE_API_URL); started after it, so its probe finds it.
      command: "node scripts/e2e-server.js",
      url: `${e2eEnv.schoolApi.baseURL}/faq`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      stderr: "pipe",
      env: e2eSchoolStoreEnvironment(),
    },
    ...(e2ePostgres
      ? [
          {
            // Two servers on one fresh PostgreSQL database, started at once, behind the proxy.
            command: "node scripts/e2e-postgres.js",
            url: `${e2ePostgres.baseURL}/api/payment-methods/list-payment-methods`,
            timeout: 120_000,
            reuseExistingServer: false,
            stdout: "ignore" as const,
            stderr: "pipe" as const,
            env: e2ePostgresEnvironment(),
          },
        ]
      : []),
  ],
});
