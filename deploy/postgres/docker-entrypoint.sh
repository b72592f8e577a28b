#!/usr/bin/env bash
# First start: a cluster in $PGDATA with POSTGRES_USER (default postgres) as its superuser, password authentication
# from other hosts, and POSTGRES_DB made; every start: PostgreSQL in the foreground as the postgres user.
set -euo pipefail
if [ "${1:-}" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" && chown postgres:postgres "$PGDATA" && chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "${1:-}" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  if [ -n "${POSTGRES_PASSWORD_FILE:-}" ]; then POSTGRES_PASSWORD="$(cat "$POSTGRES_PASSWORD_FILE")"; fi
  : "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD (or POSTGRES_PASSWORD_FILE): the database is reached over the network}"
  user="${POSTGRES_USER:-postgres}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  printf 'host all all all scram-sha-256\n' >>"$PGDATA/pg_hba.conf"
  printf "listen_addresses = '*'\n" >>"$PGDATA/postgresql.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    postgres --single -D "$PGDATA" postgres <<<"CREATE DATABASE \"$db\" OWNER \"$user\";" >/dev/null
  fi
  echo "PostgreSQL init process complete; ready for start up."
fi
exec "$@"
