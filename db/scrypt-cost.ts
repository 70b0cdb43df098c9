/**
 * scrypt's cost: OWASP's parameters (Password Storage Cheat Sheet: N=2^17, r=8, p=1), 128 MiB
 * and about half a second per hash. Its own module so that the unit tests, and only they,
 * swap it for a cheap one (vitest.config.ts aliases this file): the production build never
 * reads that config, so no setting can lower the cost of a running store
 * (docs/decisions/0014-account-hardening.md).
 */
export const SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
