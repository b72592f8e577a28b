#!/usr/bin/env bash
# Writes PgBouncer's settings from PGBOUNCER_DATABASE_URL (or PGBOUNCER_DATABASE_URL_FILE): every database on that
# server, its one user's password for clients and for the server, session pooling; then runs PgBouncer.
set -euo pipefail
if [ -n "${PGBOUNCER_DATABASE_URL_FILE:-}" ]; then PGBOUNCER_DATABASE_URL="$(cat "$PGBOUNCER_DATABASE_URL_FILE")"; fi
: "${PGBOUNCER_DATABASE_URL:?set PGBOUNCER_DATABASE_URL=postgresql://user:password@host:5432/database}"
# postgresql://user:password@host:port/database, the user and password percent-decoded.
rest="${PGBOUNCER_DATABASE_URL#*://}"
credentials="${rest%%@*}"
address="${rest#*@}"
address="${address%%/*}"
decode() { printf '%b' "${1//%/\\x}"; }
user="$(decode "${credentials%%:*}")"
password="$(decode "${credentials#*:}")"
host="${address%%:*}"
port="${address##*:}"
[ "$port" != "$address" ] || port=5432
dir=/etc/pgbouncer/run
umask 077
printf '"%s" "%s"\n' "${user//\"/\"\"}" "${password//\"/\"\"}" >"$dir/users.txt"
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=$host port=$port
[pgbouncer]
listen_addr = 0.0.0.0
listen_port = 6432
unix_socket_dir =
auth_type = scram-sha-256
auth_file = $dir/users.txt
pool_mode = session
max_client_conn = ${PGBOUNCER_MAX_CLIENT_CONN:-200}
default_pool_size = ${PGBOUNCER_POOL_SIZE:-90}
ignore_startup_parameters = extra_float_digits
INI
exec pgbouncer "$dir/pgbouncer.ini"
