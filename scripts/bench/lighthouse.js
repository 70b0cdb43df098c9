// The browser figures of the issue "Browser": Lighthouse's mobile report (its default:
// simulated slow 4G and 4× CPU slowdown) for each page, the median of several runs, beside the
// page's own weight (page-weight.js). `npm run bench` calls lighthouseFigures() against the
// store it started; `npm run bench:lighthouse` runs it alone against the built store on a free
// port and a throwaway data directory. Run `npm run build` first.
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "../../tests/e2e/support/chromium.ts";
import { pageWeight } from "./page-weight.js";
import { requireBuild, startStore } from "./store-process.js";

/** What the issues ask of each page (issue 32: performance from 95 to 97). */
export const LIGHTHOUSE_GOALS = "Metas: desempenho ≥ 97, LCP ≤ 1,5 s, acessibilidade 100.";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kilobytes = (bytes) => Number((bytes / 1024).toFixed(1));

/** The page's largest paint as a short label: `img /images/…svg`, or the element's tag and text. */
function lcpElementOf(lhr) {
  // Lighthouse 13 lists the element after the LCP's subparts in lcp-breakdown-insight, which
  // replaced largest-contentful-paint-element (read too, for an older Lighthouse).
  const node =
    lhr.audits["lcp-breakdown-insight"]?.details?.items?.find((item) => item.type === "node") ??
    lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node;
  if (!node?.snippet) return "?";
  const tag = /^<(\w+)/.exec(node.snippet)?.[1] ?? "?";
  const src = /\ssrc="([^"]+)"/.exec(node.snippet)?.[1];
  return src ? `${tag} ${src}` : `${tag} “${(node.nodeLabel ?? "").slice(0, 40)}”`;
}

/**
 * One row per path: median performance score, LCP and TBT of `runs` Lighthouse mobile runs,
 * the accessibility score (the lowest of the runs), and the page's HTML and JavaScript weight.
 */
export async function lighthouseFigures({ baseUrl, paths, runs = 5 }) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? chromium.executablePath,
    // The browser suite's flags (playwright.config.ts), headless.
    chromeFlags: ["--headless=new", ...chromium.args],
  });
  try {
    const rows = [];
    for (const pagePath of paths) {
      const url = new URL(pagePath, baseUrl).href;
      const reports = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
        });
        if (!result) throw new Error(`o Lighthouse não gerou relatório para ${url}`);
        reports.push(result.lhr);
      }
      const weight = pageWeight(await (await fetch(url)).text());
      rows.push({
        path: pagePath,
        performance: Math.round(median(reports.map((lhr) => lhr.categories.performance.score ?? 0)) * 100),
        lcpMs: Math.round(median(reports.map((lhr) => lhr.audits["largest-contentful-paint"].numericValue ?? 0))),
        // Which element it was in each run (issue 32: what the largest paint waits for).
        lcpElement: [...new Set(reports.map(lcpElementOf))].join(" | "),
        tbtMs: Math.round(median(reports.map((lhr) => lhr.audits["total-blocking-time"].numericValue ?? 0))),
        accessibility: Math.round(Math.min(...reports.map((lhr) => lhr.categories.accessibility.score ?? 0)) * 100),
        failedAccessibilityAudits: [
          ...new Set(
            reports.flatMap((lhr) =>
              lhr.categories.accessibility.auditRefs
                .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score === 0)
                .map((ref) => ref.id),
            ),
          ),
        ],
        jsGzipKb: kilobytes(weight.jsGzipBytes),
        scriptFiles: weight.scriptFiles,
        htmlKb: kilobytes(weight.htmlBytes),
      });
    }
    return rows;
  } finally {
    await chrome.kill();
  }
}

async function main() {
  requireBuild("bench:lighthouse");
  const store = await startStore();
  try {
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
    const paths = ["/", "/categoria/papelaria", "/produto/cursos/curso-de-ballet-infantil"];
    console.log(`Lighthouse mobile (mediana de ${runs} execuções), ${os.cpus().length} núcleos\n`);
    const rows = await lighthouseFigures({ baseUrl: store.baseUrl, paths, runs });
    console.table(
      rows.map((row) => ({
        página: row.path,
        desempenho: row.performance,
        "LCP ms": row.lcpMs,
        "TBT ms": row.tbtMs,
        acessibilidade: row.accessibility,
        "JS gzip KB": row.jsGzipKb,
        "arquivos JS": row.scriptFiles,
        "HTML KB": row.htmlKb,
        "elemento LCP": row.lcpElement,
      })),
    );
    console.log(LIGHTHOUSE_GOALS);
    for (const row of rows)
      if (row.failedAccessibilityAudits.length > 0)
        console.log(`${row.path}: falhas de acessibilidade: ${row.failedAccessibilityAudits.join(", ")}`);
  } finally {
    await store.stop();
  }
}

if (import.meta.filename === process.argv[1]) await main();
