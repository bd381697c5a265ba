#!/usr/bin/env bash
# trunk's post_build hook: builds the console's Rust part, split into lazily loaded modules.
#
# trunk 0.21 cannot split wasm (index.html's rust link carries data-trunk-skip), so this
# does what cargo-leptos does for `--split`:
#   1. cargo build with --emit-relocs (the splitter needs the relocations);
#   2. wasm-split-cli: the main module, one module per split point (a route group), shared
#      chunks, and __wasm_split.js, the loader that fetches them relative to itself;
#   3. wasm-bindgen --target web, keeping the linker's exports the chunks link against, then
#      the unused wasm-streams exports removed (release, scripts/unused-exports.mjs) and the JS
#      imports given short names (scripts/short-imports.mjs);
#   4. wasm-opt -Oz on every module, functions ordered by name (scripts/wasm-opt-all.mjs);
#      the modules packed into a few files and the loader rewritten to read them
#      (scripts/pack-modules.mjs); the JS minified (in release);
#   5. everything into pkg-<hash>/ (a new name whenever a byte changes, so it may be cached
#      forever), and index.html pointed at it with absolute paths so deep links load it too;
#   6. gzip and brotli siblings of every file, for servers that send precompressed files
#      (trunk has minified the HTML and CSS of a release: Trunk.toml);
#   7. _headers, the security headers (CSP) computed from this build;
#   8. deploy/nginx.conf and deploy/Caddyfile, the server configurations with those headers.
# There is one path: a wasm built with --emit-relocs but not split barely shrinks.
set -euo pipefail
cd "$(dirname "$0")/.."

stage=${TRUNK_STAGING_DIR:?run by trunk as a post_build hook}
profile=${TRUNK_PROFILE:-release}
name=cluster-console
target_dir=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')
work="$target_dir/split"

# The wasm32 rustflags of .cargo/config.toml, plus the relocations for the splitter.
flags="--cfg erase_components -Clink-args=--emit-relocs"
if [ "$profile" = release ]; then
    # The release also rebuilds std for size (rust-src, from `make setup`): panics abort at
    # once instead of formatting a message (the console must not panic anyway, and the
    # message could not be shown to anyone), no file/line strings, no Debug text. About
    # 10% off the main module; see BENCHMARKS.md. These are unstable flags, hence
    # RUSTC_BOOTSTRAP on the stable toolchain.
    export RUSTC_BOOTSTRAP=1
    flags+=" -Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=none"
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$flags"
    cargo build --quiet --target wasm32-unknown-unknown --release --bin "$name" \
        -Zbuild-std=std,panic_abort -Zbuild-std-features=optimize_for_size
    built="$target_dir/wasm32-unknown-unknown/release/$name.wasm"
else
    export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="$flags"
    cargo build --quiet --offline --target wasm32-unknown-unknown --bin "$name"
    built="$target_dir/wasm32-unknown-unknown/debug/$name.wasm"
fi

rm -rf "$work" && mkdir -p "$work/split" "$work/out"
wasm-split-cli "$built" "$work/split" --out-name "$name"
wasm-bindgen --target web --keep-lld-exports --no-demangle --no-typescript \
    --out-name "$name" --out-dir "$work/out" "$work/split/$name.wasm"
# wasm-streams' JS classes (pulled in by Leptos' server functions, which the console has none
# of) are exports no optimiser may drop: removed from the main module and its bindings. In
# release only: the debug module carries ~200 MB of DWARF that wasm-metadce would rewrite.
if [ "$profile" = release ]; then
    node scripts/unused-exports.mjs "$work/out" "$name"
fi
# The JS imports' names (a function name and a hash each, written in both files) shortened.
node scripts/short-imports.mjs "$work/out" "$name"
# The split modules and their loader sit beside the bindings (the main module is now $name_bg.wasm).
find "$work/split" -maxdepth 1 -type f ! -name "$name.wasm" -exec cp {} "$work/out/" \;

if [ "$profile" = release ]; then
    # binaryen 132 notes "unknown name subsection id 3" for every module: harmless.
    # Functions ordered by their (mangled) names first: the instances of one generic sit
    # together, nearly alike, where gzip and brotli find their repeats (the linker's order
    # scatters them). Same code, main module 2.3 KB smaller gzipped; see BENCHMARKS.md.
    # --low-memory-unused lets wasm-opt fold constant offsets into loads and stores: Rust puts
    # the stack first, growing down from 1 MiB towards 0, and the data above it, so a valid
    # pointer never wraps past 4 GiB into the low 1 KiB, where the two forms would differ
    # (main module -2.1 KB gzipped).
    # The `producers` and `target_features` custom sections are for tools, and browsers ignore
    # them; every one of the ~590 modules carried both (120 KB raw; 11.4 KB of dist's gzip,
    # 2.2 KB of the first visit's), so they are stripped once wasm-opt has used them.
    # All ~600 modules in one Node process, a binaryen per core (scripts/wasm-opt-all.mjs): the
    # same output as `wasm-opt --reorder-functions-by-name -Oz --low-memory-unused
    # --strip-producers --strip-target-features` per file, without its second of start-up each.
    node scripts/wasm-opt-all.mjs "$work/out" 2> >(grep -v 'unknown name subsection' >&2)
fi

# ~350 modules travel in a few packs, a group's own and a few shared, so a first navigation
# fetches a handful of files instead of a hundred; the CLI's loader (114 KB, naming every
# dependency in full) is rewritten to read them, compactly (see the script).
# The optimised modules and the CLI's loader as the packer reads them, kept in target/split/opt
# (the packer removes them from out/), so a change to the packer's weights can be tried on
# them without a build.
rm -rf "$work/opt" && mkdir -p "$work/opt"
find "$work/out" -maxdepth 1 \( -name 'chunk_*.wasm' -o -name 'split_*.wasm' -o -name '__wasm_split.js' \) -exec cp {} "$work/opt/" \;
node scripts/pack-modules.mjs "$work/out"

# The translated languages' catalogues (English is compiled in), and the head script that
# applies the person's language and theme before the first paint (public/prefs.js).
node scripts/locales.mjs "$work/out"
cp public/prefs.js "$work/out/prefs.js"
# The head script names the signed-in console's packs, to fetch them early (see the script).
node scripts/boot-packs.mjs "$work/out"

# Starts the app once the bindings are in; a file of its own, so the CSP needs no inline script.
cat > "$work/out/boot.js" <<EOF
import init from "./$name.js";
init({ module_or_path: new URL("./${name}_bg.wasm", import.meta.url) });
EOF

if [ "$profile" = release ]; then
    # The bindings, the split loader and the boot script, minified: every visit downloads
    # them before the first screen. Whitespace, comments and local names only: exports and
    # property names (the wasm imports are looked up by name) stay. esbuild warns of the
    # bindings' repeated "./__wasm_split.js" import keys, all the same module, hence errors only.
    for js in "$work"/out/*.js; do
        esbuild "$js" --minify --format=esm --log-level=error --outfile="$js" --allow-overwrite
    done
fi

hash=$(cat $(find "$work/out" -type f | sort) | sha256sum | cut -c1-16)
pkg="pkg-$hash"
rm -rf "$stage"/pkg-*
cp -r "$work/out" "$stage/$pkg"

# index.html: the loader and preloads of what every visit needs, in place of the marker.
tags="<script src=\"/$pkg/prefs.js\"></script>"
tags+="<link rel=\"modulepreload\" href=\"/$pkg/$name.js\" />"
tags+="<link rel=\"preload\" href=\"/$pkg/${name}_bg.wasm\" as=\"fetch\" type=\"application/wasm\" crossorigin />"
tags+="<script type=\"module\" src=\"/$pkg/boot.js\"></script>"
# They go where the skipped rust link is: a release's HTML is minified by then (comments
# gone, attributes rewritten, one line), so the element itself is the marker.
rust_link='<link [^>]*data-trunk-skip[^>]*>'
[ "$(grep -o "$rust_link" "$stage/index.html" | wc -l)" = 1 ] ||
    { echo "index.html must hold exactly one <link data-trunk rel=\"rust\" data-trunk-skip>" >&2; exit 1; }
sed -i "s|$rust_link|$tags|" "$stage/index.html"

# 7. _headers: the Content-Security-Policy and the other security headers of this build
#    (from config.json and index.html's inline scripts), served by the sandbox, and by any
#    server deploying dist/ (README: "Deploying dist/").
node scripts/headers.mjs "$stage"
# 8. deploy/nginx.conf and deploy/Caddyfile: the server configurations of deploy/ with those
#    headers, so a server's CSP cannot drift from the build's (README: "Deploying dist/").
node scripts/deploy-configs.mjs "$stage"

if [ "$profile" = release ]; then
    node scripts/compress.mjs "$stage"
fi
