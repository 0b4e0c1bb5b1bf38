#!/usr/bin/env bash
# Starts a throwaway PostgreSQL 15 cluster for the server tests and prints its URL.
# Usage: eval "$(bash scripts/postgres.sh start)"; bash scripts/postgres.sh stop
set -euo pipefail
PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
DIR=${CORRIDOR_PG_DIR:-/tmp/corridor-test-pg}
PORT=${CORRIDOR_PG_PORT:-55432}
as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
case "${1:-start}" in
  start)
    if [ -z "$PGBIN" ]; then
      if [ "$(id -u)" = "0" ]; then
        apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
        PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
      else
        echo "PostgreSQL binaries not found (install postgresql-15)" >&2; exit 1
      fi
    fi
    if [ -f "$DIR/postmaster.pid" ]; then as_postgres "$PGBIN/pg_ctl -D $DIR -m immediate stop" >&2 || true; fi
    rm -rf "$DIR"; mkdir -p "$DIR"
    [ "$(id -u)" = "0" ] && chown postgres "$DIR"
    as_postgres "$PGBIN/initdb -D $DIR -A trust -U postgres --no-sync" >/dev/null
    as_postgres "$PGBIN/pg_ctl -D $DIR -o '-p $PORT -k /tmp -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200' -l $DIR/server.log -w start" >&2
    echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop)
    [ -n "$PGBIN" ] && [ -d "$DIR" ] && as_postgres "$PGBIN/pg_ctl -D $DIR -m fast stop" >&2 || true
    rm -rf "$DIR"
    ;;
esac
