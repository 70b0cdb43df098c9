#!/usr/bin/env bash
# The store API's tests again on PostgreSQL, the database of a network that outgrows one
# server: a throwaway cluster in a temp folder (Debian's PostgreSQL, installed if missing),
# one database per test file (tests/fixtures/test-api.ts), everything removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
if [ -z "$(pg_bin)" ]; then
  echo "Instalando o PostgreSQL do Debian para os testes..."
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
PG_BIN="$(pg_bin)"
PORT="${PG_TEST_PORT:-54329}"
CLUSTER="$(mktemp -d /tmp/loja-postgres-XXXXXX)"
# PostgreSQL refuses to run as root: the cluster then belongs to Debian's postgres user.
AS_OWNER=()
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$CLUSTER"
  AS_OWNER=(runuser -u postgres --)
fi

stop_cluster() {
  "${AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$CLUSTER/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$CLUSTER"
}
trap stop_cluster EXIT

"${AS_OWNER[@]}" "$PG_BIN/initdb" -D "$CLUSTER/data" -U loja --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/server.log" -w \
  -o "-p $PORT -k $CLUSTER -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200" start >/dev/null

echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') em 127.0.0.1:$PORT"
# The files given, or every store-API test ("api" beside a file name would select them all).
TEST_DATABASE_URL="postgres://loja@127.0.0.1:$PORT/postgres" npx vitest run "${@:-api}"
