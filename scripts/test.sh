#!/usr/bin/env bash
# The whole suite: types, lint (ESLint, Prettier, knip), unit and API tests (on SQLite, then the API's again on a throwaway
# PostgreSQL), production build, the crash tests and the operations tests, then the browser tests (each page with
# JavaScript on and off, desktop and mobile). Prints how long each step took, and all of them at the end.
#
# The crash and operations tests mostly wait (for servers to start again, a reconciliation, a mail lease): they run
# together in the background, beside the type check, lint and the unit tests, which keep the two cores busy. Each
# background step's output is shown when it ends; one that fails fails the run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The browser tests run Debian's chromium-headless-shell (tests/e2e/support/chromium.ts, decision
# 0085), or Chromium itself where the shell cannot be installed (slower); Lighthouse, Chromium.
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then
  echo "Instalando o Chromium do Debian para os testes de navegador..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if [ ! -x "${CHROMIUM_HEADLESS_SHELL_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  echo "Instalando o chromium-headless-shell do Debian (testes de navegador mais rápidos)..."
  { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null; } ||
    echo "Aviso: chromium-headless-shell não instalado; os testes de navegador usam o Chromium, mais devagar."
fi

source scripts/test-steps.sh

# The crash and operations tests start the built server: build first.
step "production build" quietly npm run --silent build
step "page weight budget (script files and gzip bytes per page, from the build)" \
  quietly npx node scripts/bench/page-budget.js
# One throwaway PostgreSQL for the rest: API tests, the crash test and the browser suite's
# postgres-* projects (docs/decisions/0035-several-servers.md).
source scripts/postgres-cluster.sh
start_postgres_cluster
trap 'stop_background_steps; stop_postgres_cluster' EXIT

background_step "mail outbox crash test (the built server killed under checkout load)" \
  npx node tests/crash/mail-outbox-crash.ts
background_step "WhatsApp outbox crash test (the built server killed between the write and the send, and mid-send)" \
  npx node tests/crash/whatsapp-outbox-crash.ts
background_step "Mercado Pago crash test (the server killed while the acquirer holds a charge)" \
  npx node tests/crash/mercadopago-charge-crash.ts
background_step "checkout crash test on SQLite" npx node tests/crash/checkout-crash.ts
background_step "checkout crash test on PostgreSQL" \
  env CRASH_DATABASE_URL="$POSTGRES_SERVER_URL" npx node tests/crash/checkout-crash.ts
background_step "two servers on PostgreSQL under contention (50 finishes at once for the last pieces and seats)" \
  env CONTENTION_DATABASE_URL="$POSTGRES_SERVER_URL" npx node tests/contention/two-servers.ts
background_step "operations (health probes, JSON logs, graceful shutdown, workers; the container when Docker runs)" \
  npm run --silent test:ops

# tsc and the linters each keep one core busy: side by side they use both. The route types first
# (the first half of `npm run typecheck` and of `npm run lint`), so that neither reads them while
# they are written: the lint step runs only the checks (`lint:checks`), not the typegen again.
step "route types" npx react-router typegen
background_step "lint" npm run --silent lint:checks
step "typecheck" npx tsc --noEmit
wait_background_step "lint"
step "unit and API tests" npx vitest run
# Migration tests that read TEST_DATABASE_URL run their step on PostgreSQL here too.
step "store API and migration tests on PostgreSQL, and servers sharing one database" \
  env TEST_DATABASE_URL="$POSTGRES_SERVER_URL" npx vitest run api db/setup-lock.test.ts db/migrations/0034-school-units.test.ts \
    db/migrations/0035-grades-natural-key.test.ts db/migrations/0036-roster.test.ts \
    db/migrations/0039-variants-stock-seats.test.ts db/migrations/0040-stock-alerts.test.ts \
    db/migrations/0046-shopper-versions.test.ts
wait_background_steps

step "browser tests (and the purchase flows on PostgreSQL with two servers behind a proxy)" \
  env E2E_DATABASE_URL="$POSTGRES_SERVER_URL" npx playwright test
print_step_times
