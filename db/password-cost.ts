/**
 * The password hash's cost: Argon2id at OWASP's parameters (Password Storage Cheat Sheet: 19 MiB,
 * 2 passes, 1 lane), about a tenth of a second per hash on the store's machines
 * (docs/decisions/0088-argon2id-passwords.md). Its own module so that the unit tests, and only
 * they, swap it for a cheap one (vitest.config.ts aliases this file): the production build never
 * reads that config, so no setting can lower the cost of a running store (decision 0014).
 */
export const ARGON2ID_COST = { memory: 19 * 1024, passes: 2, parallelism: 1 } as const;
