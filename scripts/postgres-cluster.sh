# Sourced by scripts/test-postgres.sh and scripts/test.sh: start_postgres_cluster starts a
# throwaway PostgreSQL cluster in a temp folder (Debian's PostgreSQL, installed if missing) on
# PG_TEST_PORT (default 54329), exports POSTGRES_SERVER_URL, and removes it all when the calling
# script exits.

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

start_postgres_cluster() {
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  if [ -z "$(pg_bin)" ]; then
    echo "Instalando o PostgreSQL do Debian para os testes..."
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq postgresql >/dev/null
  fi
  PG_BIN="$(pg_bin)"
  local port="${PG_TEST_PORT:-54329}"
  PG_CLUSTER="$(mktemp -d /tmp/loja-postgres-XXXXXX)"
  # PostgreSQL refuses to run as root: the cluster then belongs to Debian's postgres user.
  PG_AS_OWNER=()
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres "$PG_CLUSTER"
    PG_AS_OWNER=(runuser -u postgres --)
  fi
  trap stop_postgres_cluster EXIT
  "${PG_AS_OWNER[@]}" "$PG_BIN/initdb" -D "$PG_CLUSTER/data" -U loja --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
  "${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_CLUSTER/data" -l "$PG_CLUSTER/server.log" -w \
    -o "-p $port -k $PG_CLUSTER -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c max_connections=200" start >/dev/null
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') em 127.0.0.1:$port"
  export POSTGRES_SERVER_URL="postgres://loja@127.0.0.1:$port/postgres"
}

stop_postgres_cluster() {
  "${PG_AS_OWNER[@]}" "$PG_BIN/pg_ctl" -D "$PG_CLUSTER/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_CLUSTER"
}
