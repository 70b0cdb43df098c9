// What a built chunk is made of: its bytes attributed to the packages and app modules they come
// from, read from the chunk's source map (issue 32; docs/decisions/0081-js-budget.md). Sizes only.
//
//   BUILD_SOURCEMAP=1 npm run build
//   node scripts/chunk-contents.js entry.client shop forms   (names or file names in build/client/assets)
//
// Gzip is given per part compressed alone (a part compresses worse alone than inside its chunk,
// so the parts add up to more than the chunk): read it to compare parts, the chunk's own figure
// for the budget. `--files` splits packages into their files.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const assets = path.resolve(import.meta.dirname, "../build/client/assets");
const args = process.argv.slice(2);
const byFile = args.includes("--files");
const names = args.filter((arg) => !arg.startsWith("--"));

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** The generated offsets and source index of each mapping segment (source map v3, VLQ). */
function segments(map, code) {
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === "\n") lineStarts.push(i + 1);
  const found = [];
  let source = 0;
  map.mappings.split(";").forEach((line, lineIndex) => {
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const values = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length > 1) source += values[1];
      found.push({ at: lineStarts[lineIndex] + column, source: values.length > 1 ? source : -1 });
    }
  });
  return found.sort((a, b) => a.at - b.at);
}

function partOf(source) {
  if (!source) return "(bundler)";
  const pkg = source.match(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/);
  if (pkg) return byFile ? `${pkg[1]}/${pkg[2]}` : pkg[1];
  return source.replace(/^(\.\.[\\/])+/, "").replace(/^.*?[\\/](?=(app|core|api)[\\/])/, "");
}

for (const name of names.length > 0 ? names : ["entry.client"]) {
  const file = fs.readdirSync(assets).find((candidate) => candidate === name || candidate.startsWith(`${name}-`));
  if (!file?.endsWith(".js")) {
    console.error(`${name}: nenhum arquivo .js em build/client/assets`);
    process.exitCode = 1;
    continue;
  }
  const mapFile = path.join(assets, `${file}.map`);
  if (!fs.existsSync(mapFile)) {
    console.error(`${file}: sem source map; construa com BUILD_SOURCEMAP=1 npm run build`);
    process.exitCode = 1;
    continue;
  }
  const code = fs.readFileSync(path.join(assets, file), "utf8");
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8"));
  const parts = new Map();
  const found = segments(map, code);
  found.forEach((segment, i) => {
    const part = partOf(map.sources[segment.source]);
    const text = code.slice(segment.at, found[i + 1]?.at ?? code.length);
    parts.set(part, (parts.get(part) ?? "") + text);
  });
  console.log(`${file}: ${code.length} bytes, ${zlib.gzipSync(code).length} gzip`);
  console.table(
    [...parts]
      .map(([part, text]) => ({ parte: part, bytes: text.length, "gzip sozinha": zlib.gzipSync(text).length }))
      .sort((a, b) => b.bytes - a.bytes),
  );
}
