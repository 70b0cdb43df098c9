// Debian's Chromium (playwright cannot download browsers here); flags keep it off the network.
// The browser suite and the bench's Lighthouse runs (scripts/bench/lighthouse.js) use the same.
export const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};
