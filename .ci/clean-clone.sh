#!/usr/bin/env bash
# Clean-clone test of the README's first command: clones the committed tree, runs `npm install`
# (the npm registry is the one network CI has), then `npm start` inside a network namespace with no
# network at all (only loopback), and checks that /health answers: nothing at run time needs the net.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

git clone -q "$repo" "$work/clone"
cd "$work/clone"

npm install --no-audit --no-fund >"$work/install.log" 2>&1 || { tail -40 "$work/install.log"; exit 1; }
# Node 20 is the supported runtime: nothing the install pulls in may declare it unsupported.
if grep -q EBADENGINE "$work/install.log"; then
  grep -A4 EBADENGINE "$work/install.log"
  echo "clean clone: npm install printed an engine warning"
  exit 1
fi
# A fresh clone's install leaves the tree as committed (the lock included).
if [ -n "$(git status --porcelain)" ]; then
  git status --short
  echo "clean clone: npm install changed the committed tree"
  exit 1
fi

unshare --net bash -euo pipefail -c '
  ip link set lo up
  # Its own process group: SIGTERM reaches the server itself, not only npm, which would leave it running.
  PORT=3917 DATA_DIR="$0/data" setsid npm start >"$0/start.log" 2>&1 &
  server=$!
  for _ in $(seq 1 120); do
    if node -e "fetch(\"http://127.0.0.1:3917/health\").then(r => r.json()).then(b => process.exit(b.database === \"ok\" ? 0 : 1), () => process.exit(1))"; then
      echo "clean clone: npm install && npm start serve /health with no network"
      # npm exits on SIGTERM before the server has closed its database: wait for the whole group,
      # or the EXIT trap removes the data directory while PGlite is still writing into it.
      kill -- -"$server"; wait "$server" 2>/dev/null || true
      for _ in $(seq 1 300); do kill -0 -- -"$server" 2>/dev/null || exit 0; sleep 0.1; done
      echo "clean clone: the server did not stop within 30 s of SIGTERM"
      kill -9 -- -"$server" 2>/dev/null || true
      exit 1
    fi
    sleep 1
  done
  tail -40 "$0/start.log"
  exit 1
' "$work"
