#!/usr/bin/env bash
# Makes, from Debian's own packages, the base images Tuma's Dockerfile and compose.yaml name — for a machine whose
# Docker daemon reaches no image registry (docs/deploy.md… see README.md, "Deploy"). Where a registry is reachable,
# none of this is needed: `docker compose up` pulls debian:trixie-slim and postgres:17 as usual.
#
#   debian:trixie-slim   debootstrap --variant=minbase trixie, trimmed like the official slim image
#   postgres:17          deploy/postgres/Dockerfile: Debian's postgresql-17 behind an entrypoint that honours the
#                        official image's POSTGRES_USER / POSTGRES_PASSWORD(_FILE) / POSTGRES_DB and its data folder
#
# Run as root (debootstrap and dockerd need it). An image that already exists is kept (FORCE=1 makes it again).
#   DEBIAN_MIRROR   the mirror debootstrap fetches from (default: http://deb.debian.org/debian)
#   HTTP_PROXY / HTTPS_PROXY / NO_PROXY   passed to the postgres image's build, as to any docker build
set -euo pipefail
cd "$(dirname "$0")/.."

MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
say() { printf '%s\n' "$*"; }

have_image() { [ "${FORCE:-0}" != 1 ] && docker image inspect "$1" >/dev/null 2>&1; }

if have_image debian:trixie-slim; then
  say "debian:trixie-slim is there already."
else
  command -v debootstrap >/dev/null || { say "debootstrap is not installed (apt-get install debootstrap)."; exit 1; }
  rootfs="$(mktemp -d -t tuma-rootfs.XXXXXX)"
  trap 'rm -rf "$rootfs"' EXIT
  say "Making debian:trixie-slim from $MIRROR (debootstrap, about a minute)…"
  debootstrap --variant=minbase trixie "$rootfs" "$MIRROR" >/dev/null
  # As the official slim image: no documentation, manual pages or translations, now or from later installs.
  cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
CFG
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$rootfs/etc/apt/apt.conf.d/docker-no-recommends"
  # As the official image too: apt keeps no package files nor its binary caches (about 90 MB per `apt-get update`).
  cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'CFG'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
CFG
  find "$rootfs/usr/share/doc" -mindepth 2 ! -name copyright -delete 2>/dev/null || true
  rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/var/cache/apt/archives/*.deb \
    "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log
  find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +
  # The sources the image's apt uses: Debian's own, whatever mirror made it.
  printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: trixie trixie-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n\nTypes: deb\nURIs: http://deb.debian.org/debian-security\nSuites: trixie-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    >"$rootfs/etc/apt/sources.list.d/debian.sources"
  rm -f "$rootfs/etc/apt/sources.list"
  tar -C "$rootfs" -c . | docker import --change 'CMD ["bash"]' - debian:trixie-slim >/dev/null
  say "Made debian:trixie-slim ($(docker image inspect -f '{{.Size}}' debian:trixie-slim | awk '{printf "%d MB", $1/1e6}'))."
fi

proxy_args=()
for name in HTTP_PROXY HTTPS_PROXY NO_PROXY http_proxy https_proxy no_proxy; do
  [ -n "${!name:-}" ] && proxy_args+=(--build-arg "$name=${!name}")
done

if have_image postgres:17; then
  say "postgres:17 is there already."
else
  say "Making postgres:17 from Debian's postgresql-17 (deploy/postgres)…"
  docker build -q "${proxy_args[@]}" -t postgres:17 deploy/postgres >/dev/null
  say "Made postgres:17."
fi
