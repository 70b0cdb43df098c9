// Preloaded into each server process by `npm run loadtest -- --term-start --heap` (issue 32:
// what grows in a server under load): `node --expose-gc --import ./scripts/heap-sampler.js`.
// Every HEAP_SAMPLE_SECONDS (15) it runs a full garbage collection and appends the process's
// memory as one JSON line to HEAP_SAMPLE_FILE: the live heap after it (heapUsed) apart from the
// heap V8 keeps (heapTotal), memory outside the heap (external, arrayBuffers) and the RSS. A
// live heap that stays flat while the RSS climbs is V8 or the allocator keeping freed memory,
// not a leak. Node's workers (node:cluster) inherit the flags, so each samples itself.
import fs from "node:fs";

const file = process.env.HEAP_SAMPLE_FILE;
if (file && typeof globalThis.gc === "function") {
  const seconds = Number(process.env.HEAP_SAMPLE_SECONDS ?? 15);
  setInterval(() => {
    globalThis.gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const line = { pid: process.pid, time: Date.now(), rss, heapUsed, heapTotal, external, arrayBuffers };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }, seconds * 1000).unref();
}
