import os from "node:os";
import { describe, expect, it } from "vitest";
import { processSettings } from "./settings.ts";

describe("processSettings", () => {
  it("runs one worker per core in production, one elsewhere, waits 10 s for requests at shutdown, keeps idle connections 65 s", () => {
    expect(processSettings({ NODE_ENV: "production" })).toEqual({
      logLevel: "info",
      logRequests: true,
      workers: os.availableParallelism(),
      shutdownTimeoutMs: 10_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(processSettings({ NODE_ENV: "development" }).workers).toBe(1);
  });

  it("takes the operator's values", () => {
    expect(
      processSettings({
        WEB_CONCURRENCY: "3",
        LOG_LEVEL: "warn",
        LOG_REQUESTS: "false",
        SHUTDOWN_TIMEOUT_MS: "0",
        KEEP_ALIVE_TIMEOUT_MS: "120000",
      }),
    ).toEqual({ logLevel: "warn", logRequests: false, workers: 3, shutdownTimeoutMs: 0, keepAliveTimeoutMs: 120_000 });
  });

  it("refuses a bad value with its name and a Portuguese reason", () => {
    expect(() => processSettings({ WEB_CONCURRENCY: "0" })).toThrow(
      "WEB_CONCURRENCY: use um número inteiro de processos, de 1 a 64.",
    );
    expect(() => processSettings({ WEB_CONCURRENCY: "dois" })).toThrow(/WEB_CONCURRENCY: use um número inteiro/);
    expect(() => processSettings({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL: use um destes: fatal, error/);
    expect(() => processSettings({ SHUTDOWN_TIMEOUT_MS: "-1" })).toThrow(/SHUTDOWN_TIMEOUT_MS: use um tempo/);
    expect(() => processSettings({ KEEP_ALIVE_TIMEOUT_MS: "500" })).toThrow(
      "KEEP_ALIVE_TIMEOUT_MS: use um tempo em milissegundos, de 1000 a 290000.",
    );
    expect(() => processSettings({ KEEP_ALIVE_TIMEOUT_MS: "600000" })).toThrow(/KEEP_ALIVE_TIMEOUT_MS/);
  });
});
