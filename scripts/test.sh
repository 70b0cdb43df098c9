#!/usr/bin/env bash
# The whole suite: types, lint (ESLint, Prettier, knip), unit and API tests (on SQLite, then the API's again on a throwaway
# PostgreSQL), production build, the mail outbox's crash test, then the browser tests (each page with JavaScript on and
# off, desktop and mobile).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Instalando o Chromium do Debian para os testes de navegador..."
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

echo "==> typecheck"
npm run --silent typecheck
echo "==> lint"
npm run --silent lint
echo "==> unit and API tests"
npx vitest run
# One throwaway PostgreSQL for the rest: API tests, the crash test and the browser suite's
# postgres-* projects (docs/decisions/0035-several-servers.md).
source scripts/postgres-cluster.sh
start_postgres_cluster
echo "==> store API tests on PostgreSQL, and servers sharing one database"
TEST_DATABASE_URL="$POSTGRES_SERVER_URL" npx vitest run api db/setup-lock.test.ts
echo "==> production build"
npm run --silent build >/dev/null
echo "==> page weight budget (script files and gzip bytes per page, from the build)"
npx node scripts/bench/page-budget.js >/dev/null
echo "==> mail outbox crash test (the built server killed under checkout load)"
npx node tests/crash/mail-outbox-crash.ts
echo "==> Mercado Pago crash test (the server killed while the acquirer holds a charge)"
npx node tests/crash/mercadopago-charge-crash.ts
echo "==> checkout crash test, on SQLite and on PostgreSQL"
npx node tests/crash/checkout-crash.ts
CRASH_DATABASE_URL="$POSTGRES_SERVER_URL" npx node tests/crash/checkout-crash.ts
echo "==> operations (health probes, JSON logs, graceful shutdown, workers; the container when Docker runs)"
npm run --silent test:ops
echo "==> browser tests (and the purchase flows on PostgreSQL with two servers behind a proxy)"
E2E_DATABASE_URL="$POSTGRES_SERVER_URL" npx playwright test
