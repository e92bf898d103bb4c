#!/usr/bin/env bash
# Starts a throwaway PgBouncer in transaction pooling mode in front of the test PostgreSQL (see
# start-postgres.sh), every database of that server reachable through it. Idempotent, installs nothing.
# Prints only the pooler's URL, e.g. TEST_DATABASE_URL="$(bash .ci/start-pgbouncer.sh)".
# PGBOUNCER_PORT (default 56432), PGPORT (the server's, default 55432), PGBOUNCER_DIR (default
# /tmp/pgbouncer-test) and PGBOUNCER_POOL_SIZE (server connections per database, default 20) select it.
set -euo pipefail

port="${PGBOUNCER_PORT:-56432}"
server_port="${PGPORT:-55432}"
dir="${PGBOUNCER_DIR:-/tmp/pgbouncer-test}"
pool_size="${PGBOUNCER_POOL_SIZE:-20}"
bin="$(command -v pgbouncer || echo /usr/sbin/pgbouncer)"

# PgBouncer refuses to run as root; it runs as the user PostgreSQL runs as.
as_postgres() {
  if [ "$(id -un)" = postgres ]; then sh -c "$1"; else su postgres -s /bin/sh -c "$1"; fi
}

mkdir -p "$dir"
# Trust, as the test server does; the user must still be listed.
echo '"postgres" ""' >"$dir/userlist.txt"
# - transaction pooling: a server connection is the client's for one transaction only;
# - options: the service's pool asks for TimeZone=UTC in the startup packet, which PgBouncer cannot
#   pass on; instants are still read right in any zone (only the fast path of isoTimestamp is lost);
# - no server_reset_query: in transaction mode nothing of a session outlives its transaction;
# - query_wait_timeout: a query waiting for a server that is down fails after 10 s (the service answers
#   503) instead of PgBouncer's default two minutes, longer than any client waits;
# - server_login_retry: after a failed connection to a restarting server, try again within a second,
#   not the default 15 s of 503s after the server is back.
cat >"$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$server_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
default_pool_size = $pool_size
max_client_conn = 900
ignore_startup_parameters = options
query_wait_timeout = 10
server_login_retry = 1
server_reset_query =
admin_users = postgres
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
[ "$(id -un)" = postgres ] || chown -R postgres "$dir"

if ! { [ -f "$dir/pgbouncer.pid" ] && kill -0 "$(cat "$dir/pgbouncer.pid")" 2>/dev/null; }; then
  as_postgres "'$bin' -d '$dir/pgbouncer.ini'" >/dev/null
fi
# Ready once it accepts connections.
for _ in $(seq 1 50); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then break; fi
  sleep 0.1
done

echo "postgresql://postgres@127.0.0.1:$port/postgres"
