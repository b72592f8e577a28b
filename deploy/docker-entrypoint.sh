#!/usr/bin/env bash
# The image's entrypoint (Dockerfile): reads each secret named by a *_FILE variable into the environment (as the
# official PostgreSQL image does: DATABASE_URL_FILE=/run/secrets/database_url), then runs the role its command names.
# Node is run directly, not through npm (which the image does not carry), with the flags package.json's scripts use.
set -euo pipefail
cd /app

# The variables of lib/env.ts (and .env.example) that hold secrets.
for name in DATABASE_URL NEXTAUTH_SECRET TUMA_ENCRYPTION_KEY ADMIN_PASSWORD SANDBOX_TOKEN METRICS_TOKEN IMPORTER_SECRET; do
  file_var="${name}_FILE"
  file="${!file_var:-}"
  [ -n "$file" ] || continue
  if [ -n "${!name:-}" ]; then
    echo "Tuma could not start: both $name and $file_var are set; set only one." >&2
    exit 1
  fi
  if [ ! -r "$file" ]; then
    echo "Tuma could not start: $file_var names $file, which cannot be read." >&2
    exit 1
  fi
  # Command substitution drops the file's trailing newlines, as the secret's value should.
  export "$name=$(cat "$file")"
  unset "$file_var"
done

# The image carries no PostgreSQL server (deploy/keep-loaded.mjs leaves the embedded-postgres packages out): every
# role but a command of the caller's own needs a database of its own. compose.yaml always gives one.
need_database() {
  [ -n "${DATABASE_URL:-}" ] && return
  echo "Tuma could not start: DATABASE_URL (or DATABASE_URL_FILE) is required in this image, which has no PostgreSQL of its own — for example postgresql://tuma:secret@postgres:5432/tuma (compose.yaml gives it; README.md, \"Deploy\")." >&2
  exit 1
}

program() {
  need_database
  exec node --liftoff-only --expose-gc --conditions=react-server programs/launch.mjs "$@"
}

role="${1:-console}"
[ $# -gt 0 ] && shift
case "$role" in
  console | start) program start "$@" ;;
  worker) program worker "$@" ;;
  migrate | db-migrate) program db-migrate "$@" ;;
  api-key) program api-key "$@" ;;
  db-backup | backup) program db-backup "$@" ;;
  db-restore | restore) program db-restore "$@" ;;
  *) exec "$role" "$@" ;;
esac
