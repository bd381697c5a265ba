#!/usr/bin/env bash
# Optional: builds the React peer the issue compares against (Phase Two's admin portal,
# p2-inc/phasetwo-admin-portal, React 18 + Vite) into .tools/peer/build; `make bench` then
# times it side by side with the console. Pass a local checkout, or it is cloned from GitHub.
# Its yarn.lock is for yarn 4, which is not installed: npm resolves package.json instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

COMMIT=5d99cd6b863bdbd04ecab835749402fb3c909b83 # main, 2026
PEER="$PWD/.tools/peer"
SRC=${1:-}

if [ -z "$SRC" ]; then
    SRC=$(mktemp -d)
    trap 'rm -rf "$SRC"' EXIT
    git clone --quiet https://github.com/p2-inc/phasetwo-admin-portal "$SRC"
fi
rm -rf "$PEER" && mkdir -p "$PEER"
git -C "$SRC" archive "$COMMIT" | tar -x -C "$PEER"
cd "$PEER"
rm -rf .yarn yarn.lock
npm install --silent --no-audit --no-fund --ignore-scripts
# An empty public URL makes <base href="/">; the build is served at the root.
VITE_PUBLIC_URL= npx vite build --logLevel warn
echo "$COMMIT" > build/.peer-commit
echo "peer built in $PEER/build"
