#!/usr/bin/env bash
# The store API's tests again on PostgreSQL, the database of a network that outgrows one
# server: a throwaway cluster (scripts/postgres-cluster.sh), one database per test file
# (tests/fixtures/test-api.ts), everything removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/postgres-cluster.sh
start_postgres_cluster
# The files given, or every store-API test ("api" beside a file name would select them all).
TEST_DATABASE_URL="$POSTGRES_SERVER_URL" npx vitest run "${@:-api}"
