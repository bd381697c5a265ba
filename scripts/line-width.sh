#!/usr/bin/env bash
# Fails, naming file:line, on any line of Rust longer than rustfmt's max_width (rustfmt.toml).
# rustfmt never formats `view!` markup (leptosfmt does: leptosfmt.toml) and silently leaves a
# statement as it was when it cannot fit it in the width, so `cargo fmt --check` alone lets long
# lines, and the unindented block around them, through. Width is counted in characters.
set -euo pipefail
cd "$(dirname "$0")/.."

MAX=$(sed -n 's/^max_width *= *\([0-9]*\).*/\1/p' rustfmt.toml)
# Files that must stay byte for byte as they are (a generated file, a golden copy of another
# tool's output): `find -path` patterns. None today: the golden Terraform files and the SQL
# migrations are not .rs files.
EXCLUDE=()

not=()
for ex in "${EXCLUDE[@]}"; do not+=(-not -path "$ex"); done
long=$(find src crates tests -name '*.rs' "${not[@]}" -print0 | sort -z |
    xargs -0 perl -CSD -ne 'chomp; print "$ARGV:$.: ", length, " characters\n" if length > '"$MAX"'; close ARGV if eof')
if [ -n "$long" ]; then
    printf '%s\n' "$long"
    echo "line-width: $(printf '%s\n' "$long" | wc -l) lines over $MAX characters (rustfmt.toml's max_width); break them up" >&2
    exit 1
fi
