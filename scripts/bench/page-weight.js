// What a page costs the browser before it can be used, read from the page's own HTML and
// the built files (docs/decisions/0037-page-weight.md): the gzip bytes of its JavaScript
// (the module scripts and modulepreloads it names, plus its inline scripts) and how many
// script files that is. Sizes only, never times: the budget test and the bench share it.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const root = path.resolve(import.meta.dirname, "../..");
const clientDir = path.join(root, "build/client");

/** The budget of the issue "Browser": any page, before interaction. */
export const pageBudget = { jsGzipBytes: 120 * 1024, scriptFiles: 10, homeHtmlBytes: 50 * 1024 };

/**
 * The home's HTML against its budget (issue 32), in bytes as well: the size does not depend on
 * the machine, so any run gives the exact figure.
 */
export function homeHtmlLine(html) {
  const bytes = Buffer.byteLength(html);
  const verdict = bytes <= pageBudget.homeHtmlBytes ? "dentro da meta" : "ACIMA da meta";
  return `HTML da home: ${(bytes / 1024).toFixed(1)} KB (${bytes.toLocaleString("pt-BR")} bytes; meta ≤ ${pageBudget.homeHtmlBytes / 1024} KB): ${verdict}.`;
}

export function gzipSize(bytes) {
  return zlib.gzipSync(bytes).length;
}

/** The built JavaScript files a page's HTML names (modulepreload, module script src, import). */
export function scriptFilesOf(html) {
  const files = new Set();
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g))
    files.add(match[1]);
  for (const match of html.matchAll(/<script[^>]*src="(\/assets\/[^"]+\.js)"/g)) files.add(match[1]);
  for (const match of html.matchAll(/import(?:\s[^"';]*from)?\s*\(?\s*["'](\/assets\/[^"']+\.js)["']/g))
    files.add(match[1]);
  return [...files];
}

export function inlineScriptsOf(html) {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
}

/** Gzip bytes of the JavaScript a page loads before interaction, its script files, its HTML bytes. */
export function pageWeight(html) {
  const files = scriptFilesOf(html);
  const inline = inlineScriptsOf(html);
  let jsGzipBytes = inline.length > 0 ? gzipSize(inline.join("\n")) : 0;
  for (const file of files) jsGzipBytes += gzipSize(fs.readFileSync(path.join(clientDir, file)));
  return {
    htmlBytes: Buffer.byteLength(html),
    jsGzipBytes,
    externalScripts: files.length,
    inlineScripts: inline.length,
    scriptFiles: files.length + inline.length,
  };
}
