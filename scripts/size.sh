#!/usr/bin/env bash
# Transfer size of the release console in dist/: each asset raw and gzipped (-9), as a
# browser would download it with compression.
set -euo pipefail
cd "$(dirname "$0")/../dist"
total_raw=0; total_gz=0
printf '%-40s %12s %12s\n' asset raw gzip
for f in *.wasm *.js *.css index.html; do
    [ -f "$f" ] || continue
    raw=$(stat -c %s "$f"); gz=$(gzip -9 -c "$f" | wc -c)
    total_raw=$((total_raw + raw)); total_gz=$((total_gz + gz))
    printf '%-40s %12d %12d\n' "$f" "$raw" "$gz"
done
printf '%-40s %12d %12d\n' total "$total_raw" "$total_gz"
