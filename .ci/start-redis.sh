#!/usr/bin/env bash
# Starts a throwaway Redis on loopback (idempotent).
set -euo pipefail
port="${REDIS_PORT:-56379}"
if redis-cli -p "$port" ping >/dev/null 2>&1; then exit 0; fi
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes --logfile /tmp/textline-redis.log
for _ in $(seq 1 50); do
  redis-cli -p "$port" ping >/dev/null 2>&1 && exit 0
  sleep 0.1
done
echo "redis did not start" >&2
exit 1
