#!/usr/bin/env bash
# Installs what `make size` and `make bench` need, skipping whatever is already there:
# puppeteer-core (pinned to the release whose Chrome matches Debian's chromium 148) into
# .tools/node_modules, beside wasm-opt. Idempotent; not part of `make setup` because the
# tests do not need it.
set -euo pipefail
cd "$(dirname "$0")/../.."

PUPPETEER_VERSION=24.43.1 # Chrome 148, node >= 18 (25.x needs node 22)
TOOLS="$PWD/.tools"
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}

say() { printf '\033[1mbench:\033[0m %s\n' "$*" >&2; }

if [ ! -x "$CHROMIUM" ]; then
    say "no Chromium at $CHROMIUM: install Debian's chromium (make setup does) or set CHROMIUM=/path"
    exit 1
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    say "node and npm are needed (apt-get install nodejs npm)"
    exit 1
fi
installed=$(node -p "require('$TOOLS/node_modules/puppeteer-core/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$PUPPETEER_VERSION" ]; then
    say "installing puppeteer-core $PUPPETEER_VERSION into .tools"
    # No browser download: puppeteer-core drives the system Chromium.
    PUPPETEER_SKIP_DOWNLOAD=1 npm install --silent --save-exact --no-audit --no-fund --prefix "$TOOLS" \
        "puppeteer-core@$PUPPETEER_VERSION"
fi
