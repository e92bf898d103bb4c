#!/bin/sh
# Starts a throwaway PostgreSQL cluster for tests, initialising it on first use. Idempotent, installs
# nothing. Prints only the server URL, e.g. TEST_DATABASE_URL="$(.ci/start-postgres.sh)".
# PGPORT (default 55432) and PGTEST_DIR (default /tmp/pgtest) select the cluster.
set -eu

port="${PGPORT:-55432}"
dir="${PGTEST_DIR:-/tmp/pgtest}"
# The machine image has PostgreSQL 15 in /usr/local/bin; a Debian package puts it under /usr/lib/postgresql.
bin="${PG_BINDIR:-/usr/local/bin}"
if [ ! -x "$bin/initdb" ]; then
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
fi

# PostgreSQL refuses to run as root.
as_postgres() {
  if [ "$(id -un)" = postgres ]; then sh -c "$1"; else su postgres -s /bin/sh -c "$1"; fi
}

if [ "$(id -un)" != postgres ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /usr/sbin/nologin postgres
fi

if [ ! -f "$dir/PG_VERSION" ]; then
  mkdir -p "$dir"
  [ "$(id -un)" = postgres ] || chown postgres "$dir"
  chmod 700 "$dir"
  as_postgres "'$bin/initdb' -D '$dir' -A trust -U postgres -E UTF8 --no-sync" >/dev/null
fi

if ! as_postgres "'$bin/pg_ctl' -D '$dir' status" >/dev/null 2>&1; then
  # Durability is pointless for a test cluster; skipping fsync makes schema set-up much faster.
  as_postgres "'$bin/pg_ctl' -D '$dir' -l '$dir.log' -w start \
    -o \"-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off\"" >/dev/null
fi

echo "postgresql://postgres@127.0.0.1:$port/postgres"
