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
echo "==> store API tests on PostgreSQL"
bash scripts/test-postgres.sh
echo "==> production build"
npm run --silent build >/dev/null
echo "==> page weight budget (script files and gzip bytes per page, from the build)"
npx node scripts/bench/page-budget.js >/dev/null
echo "==> mail outbox crash test (the built server killed under checkout load)"
npx node tests/crash/mail-outbox-crash.ts
echo "==> Mercado Pago crash test (the server killed while the acquirer holds a charge)"
npx node tests/crash/mercadopago-charge-crash.ts
echo "==> browser tests"
npx playwright test
