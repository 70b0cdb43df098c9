import { existsSync } from "node:fs";

// Debian's Chromium (playwright cannot download browsers here); flags keep it off the network.
const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The full browser: the bench's Lighthouse runs and the material-list bench, which measure what a phone's browser does. */
export const chromium = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args };

const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
/**
 * The browser suite's: Debian's chromium-headless-shell, Chromium's own headless build (the one
 * Playwright itself runs headless), which scripts/test.sh installs beside Chromium. On the 2-core
 * CI machine a spec took 45% less time than in the full browser's headless mode (category, home
 * and shell, JavaScript on and off: 1.2 min against 2.2; docs/testing.md). Where the shell could
 * not be installed (scripts/test.sh says so), the full browser runs them, slower.
 */
export const testBrowser = existsSync(headlessShell) ? { executablePath: headlessShell, args } : chromium;
