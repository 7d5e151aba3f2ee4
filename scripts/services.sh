#!/usr/bin/env bash
# Throwaway PostgreSQL on loopback for the storage tests (from ../shared/scripts/start_services.sh, Postgres only).
#   scripts/services.sh start        -> prints the path of an env file exporting DATABASE_URL and PG_PID
#   scripts/services.sh stop ENVFILE -> stops exactly that server (by PID) and removes its folder
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

case "${1:-}" in
start)
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/postgres" ]; then
    if [ "$(id -u)" = "0" ]; then apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
    else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql >/dev/null; fi
    PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
  fi
  free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
  STATE=$(mktemp -d /tmp/mnm-pg.XXXXXX); chmod 755 "$STATE"
  PGDATA=$STATE/pg; mkdir -p "$PGDATA"
  PGPORT=$(free_port)
  if [ "$(id -u)" = "0" ]; then
    chown postgres:postgres "$PGDATA"; AS=(runuser -u postgres --)   # postgres refuses to run as root
  else
    AS=()
  fi
  "${AS[@]}" "$PGBIN/initdb" -D "$PGDATA" -A trust -U postgres --no-sync -E UTF8 >"$STATE/initdb.log"
  "${AS[@]}" "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGDATA/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -p $PGPORT -k $PGDATA -c fsync=off -c full_page_writes=off -c synchronous_commit=off" \
    start >/dev/null
  PG_PID=$(head -1 "$PGDATA/postmaster.pid")
  cat > "$STATE/env" <<ENV
export STATE=$STATE PG_PID=$PG_PID
export DATABASE_URL=postgresql://postgres@127.0.0.1:$PGPORT/postgres
ENV
  echo "$STATE/env"
  ;;
stop)
  . "$2"
  kill -INT "$PG_PID" 2>/dev/null || true   # postgres "fast" shutdown
  for _ in $(seq 100); do kill -0 "$PG_PID" 2>/dev/null || break; sleep 0.1; done
  rm -rf "$STATE"
  ;;
*)
  echo "usage: $0 start | stop ENVFILE" >&2; exit 2 ;;
esac
