#!/usr/bin/env bash
# Contract fuzzing (part of `make test`): schemathesis, from the project's virtualenv
# (.venv, made by `make setup`), against a fresh sandbox on a free port, with the shared
# contract ../shared/reference/openapi-v2.yaml, as the demo admin API secret.
#
# Fails on any 5xx, response schema violation, content-type or header violation, and any
# invalid request the sandbox accepted (negative data rejection). Left out, as the README
# says why: status_code_conformance and positive_data_acceptance (the contract documents
# only success statuses, so every documented refusal would count as a failure).
#
# Bounded: FUZZ_SECONDS (default 150) for the whole run; FUZZ_SEED makes it repeatable.
set -euo pipefail
cd "$(dirname "$0")/.."

SPEC=${SPEC:-../shared/reference/openapi-v2.yaml}
FUZZ_SECONDS=${FUZZ_SECONDS:-150}
FUZZ_SEED=${FUZZ_SEED:-11}
ST=.venv/bin/schemathesis
CHECKS=not_a_server_error,response_schema_conformance,content_type_conformance,response_headers_conformance,negative_data_rejection

[ -x "$ST" ] || { echo "contract-fuzz: $ST is missing: run make setup" >&2; exit 1; }
[ -f "$SPEC" ] || { echo "contract-fuzz: the contract $SPEC is missing" >&2; exit 1; }

cargo build --quiet -p cluster-sandbox
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
log=$(mktemp)
"$target_dir/debug/cluster-sandbox" --port "$port" --data :memory: --token-ttl 3600 --quiet >"$log" 2>&1 &
sandbox=$!
trap 'kill "$sandbox" 2>/dev/null || true; rm -f "$log"' EXIT

base="http://127.0.0.1:$port"
for _ in $(seq 100); do
    curl -fs -o /dev/null "$base/sandbox/coverage" && break
    kill -0 "$sandbox" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
done
token=$(curl -fsS "$base/auth/realms/self/protocol/openid-connect/token" \
    -d grant_type=client_credentials -d client_id=demo-admin -d client_secret=demo-admin-secret |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["access_token"])')

echo "contract-fuzz: schemathesis against $base with $SPEC (up to $FUZZ_SECONDS s, seed $FUZZ_SEED)"
# timeout: a hard stop a little after schemathesis' own budget, should it overrun.
timeout $((FUZZ_SECONDS + 120)) "$ST" run "$SPEC" \
    --url "$base/auth/realms/self/v2" \
    --header "Authorization: Bearer $token" \
    --checks "$CHECKS" \
    --max-time "$FUZZ_SECONDS" \
    --seed "$FUZZ_SEED" \
    --workers 2 \
    --request-timeout 10 \
    --generation-database none \
    --no-color
