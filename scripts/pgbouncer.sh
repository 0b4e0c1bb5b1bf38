#!/usr/bin/env bash
# Starts a throwaway PgBouncer in transaction pooling mode in front of the test PostgreSQL (scripts/postgres.sh)
# and prints its URL. Usage: eval "$(bash scripts/pgbouncer.sh start POSTGRES_PORT)"; bash scripts/pgbouncer.sh stop
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=${CORRIDOR_PGBOUNCER_DIR:-/tmp/corridor-test-pgbouncer}
PORT=${CORRIDOR_PGBOUNCER_PORT:-56432}
as_postgres() {
  if [ "$(id -u)" = "0" ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}
stop() {
  if [ -f "$DIR/pgbouncer.pid" ]; then kill "$(cat "$DIR/pgbouncer.pid")" 2>/dev/null || true; fi
  rm -rf "$DIR"
}
case "${1:-start}" in
  start)
    PG_PORT=${2:?the PostgreSQL port}
    bash scripts/need-packages.sh "The PgBouncer tests" pgbouncer >&2
    BIN=$(command -v pgbouncer || echo /usr/sbin/pgbouncer)
    stop
    mkdir -p "$DIR"
    # Any database name is passed through to the PostgreSQL of the tests (each test file makes its own database).
    cat >"$DIR/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$PG_PORT
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = trust
admin_users = postgres
auth_file = $DIR/userlist.txt
pool_mode = transaction
max_client_conn = 400
default_pool_size = 20
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
INI
    echo '"postgres" ""' >"$DIR/userlist.txt"
    [ "$(id -u)" = "0" ] && chown -R postgres "$DIR"
    as_postgres "$BIN -d $DIR/pgbouncer.ini" >&2
    for _ in $(seq 1 50); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then break; fi
      sleep 0.1
    done
    echo "export TEST_PGBOUNCER_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  stop) stop ;;
esac
