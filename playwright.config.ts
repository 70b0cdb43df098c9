import { defineConfig, devices } from "@playwright/test";
import {
  e2eEnv,
  e2eMercadoPagoServerEnvironment,
  e2eSchoolApiEnvironment,
  e2eSchoolStoreEnvironment,
  e2eServerEnvironment,
} from "./tests/e2e/support/e2e-env.ts";
import { chromium } from "./tests/e2e/support/chromium.ts";

const { baseURL } = e2eEnv;

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, launchOptions: chromium };
const mobile = { ...devices["Pixel 7"], launchOptions: chromium };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: { baseURL, trace: "retain-on-failure", locale: "pt-BR", timezoneId: "America/Recife" },
  projects: [
    { name: "desktop-js", use: { ...desktop, javaScriptEnabled: true } },
    { name: "desktop-no-js", use: { ...desktop, javaScriptEnabled: false } },
    { name: "mobile-js", use: { ...mobile, javaScriptEnabled: true } },
    { name: "mobile-no-js", use: { ...mobile, javaScriptEnabled: false } },
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
  ],
});
