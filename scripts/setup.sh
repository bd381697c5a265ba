#!/usr/bin/env bash
# Installs what building and testing the console need, skipping whatever is already there.
# Idempotent: a second run only checks versions. Nothing is downloaded at build time after this.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
BINARYEN_VERSION=132
WASM_SPLIT_VERSION=0.2.4
LEPTOSFMT_VERSION=0.1.33
TOOLS="$PWD/.tools"
export PATH="$TOOLS/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
apt_updated=""
apt_install() {
    if ! command -v apt-get >/dev/null; then
        say "please install the Debian packages: $*"; exit 1
    fi
    [ -n "$apt_updated" ] || { as_root apt-get update -qq || { say "cannot run apt-get as root: install $* yourself"; exit 1; }; apt_updated=1; }
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
    say "adding the wasm32-unknown-unknown target"
    rustup target add wasm32-unknown-unknown
fi

# The release rebuilds std for size (scripts/build-wasm.sh), from rustup's std sources.
if [ ! -f "$(rustc --print sysroot)/lib/rustlib/src/rust/library/Cargo.lock" ]; then
    say "adding the rust-src component"
    rustup component add rust-src
fi

# The build tools run for seconds per build: compiling them without LTO, in parallel codegen
# units and unoptimised takes a third of the time of their release profiles (trunk: about 7
# minutes instead of 20 on 2 cores) and they build the console the same. Trunk needs no TLS:
# it runs offline (TRUNK_OFFLINE), so its default features (downloading tools) stay off.
quick_install() {
    CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_DEBUG=false \
        cargo install "$@"
}

# The formatter of `view!` markup, which rustfmt leaves alone (`make lint`, leptosfmt.toml).
if [ "$(leptosfmt --version 2>/dev/null)" != "leptosfmt $LEPTOSFMT_VERSION" ]; then
    say "installing leptosfmt $LEPTOSFMT_VERSION (formats view! markup, about a minute)"
    quick_install leptosfmt --version "$LEPTOSFMT_VERSION" --locked --force
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
    say "installing trunk $TRUNK_VERSION (about 7 minutes on 2 cores, once per machine)"
    quick_install trunk --version "$TRUNK_VERSION" --locked --no-default-features
fi

# The CLI must equal the wasm-bindgen crate in Cargo.lock exactly. No --locked: its lockfile
# pins a crate the registry no longer has.
WBG_VERSION=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WBG_VERSION" ]; then
    say "installing wasm-bindgen-cli $WBG_VERSION"
    quick_install wasm-bindgen-cli --version "=$WBG_VERSION" --force
fi

# The splitter of scripts/build-wasm.sh; its format must match leptos' wasm_split_helpers 0.2.3.
if ! cargo install --list | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
    say "installing wasm-split-cli $WASM_SPLIT_VERSION (code splitting, about 3 minutes)"
    quick_install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary --locked
fi

if ! command -v npm >/dev/null; then
    say "installing npm (for wasm-opt and compressing the build)"
    apt_install nodejs npm
fi
if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
    say "installing wasm-opt (npm binaryen@$BINARYEN_VERSION) into .tools"
    npm install --silent --no-audit --no-fund --prefix "$TOOLS" "binaryen@$BINARYEN_VERSION"
fi

# esbuild minifies the release's JavaScript (the bindings and the split loader, which every
# visit downloads before the first screen); trunk minifies the HTML and CSS itself.
ESBUILD_VERSION=0.28.2
if [ "$("$TOOLS/node_modules/.bin/esbuild" --version 2>/dev/null)" != "$ESBUILD_VERSION" ]; then
    say "installing esbuild $ESBUILD_VERSION into .tools"
    npm install --silent --no-audit --no-fund --prefix "$TOOLS" "esbuild@$ESBUILD_VERSION"
fi

# zopfli (Google's reference implementation built to WebAssembly) writes the release's .gz
# files (scripts/compress.mjs): gzip streams about 5% smaller than zlib's level 9.
ZOPFLI_VERSION=1.0.15
if [ "$(node -p "require('$TOOLS/node_modules/@gfx/zopfli/package.json').version" 2>/dev/null)" != "$ZOPFLI_VERSION" ]; then
    say "installing zopfli (npm @gfx/zopfli@$ZOPFLI_VERSION) into .tools"
    npm install --silent --save-exact --no-audit --no-fund --prefix "$TOOLS" "@gfx/zopfli@$ZOPFLI_VERSION"
fi

# axe-core, which the browser flows inject to check accessibility (tests/browser/flows/axe.rs).
AXE_VERSION=4.14.1
if [ ! -f "$TOOLS/node_modules/axe-core/axe.min.js" ] || ! grep -q "\"version\": \"$AXE_VERSION\"" "$TOOLS/node_modules/axe-core/package.json"; then
    say "installing axe-core $AXE_VERSION into .tools"
    npm install --silent --no-audit --no-fund --prefix "$TOOLS" "axe-core@$AXE_VERSION"
fi

# oidc-provider (panva's, OpenID Certified), which the certified-provider browser flows run
# at Keycloak's paths (scripts/oidc/provider.mjs, tests/browser/flows/certified.rs).
OIDC_PROVIDER_VERSION=9.13.3
if [ "$(node -p "require('$TOOLS/node_modules/oidc-provider/package.json').version" 2>/dev/null)" != "$OIDC_PROVIDER_VERSION" ]; then
    say "installing oidc-provider $OIDC_PROVIDER_VERSION into .tools"
    npm install --silent --save-exact --no-audit --no-fund --prefix "$TOOLS" "oidc-provider@$OIDC_PROVIDER_VERSION"
fi

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    say "installing chromium and chromium-driver (browser tests)"
    apt_install chromium chromium-driver
fi

# A font with Hangul, so the browser flows measure Korean in real glyphs, not boxes (the
# style sheet names Noto Sans CJK KR where the platform has it).
if ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
    say "installing fonts-noto-cjk (Korean glyphs for the browser tests)"
    apt_install fonts-noto-cjk
fi

# The smoke subset of the browser flows also runs in Firefox ESR (through geckodriver) and in
# WebKitGTK (WebKitWebDriver drives its MiniBrowser, on a virtual display from xvfb-run).
if [ ! -x /usr/bin/firefox-esr ] || ! command -v WebKitWebDriver >/dev/null || ! command -v xvfb-run >/dev/null ||
    [ ! -x /usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser ]; then
    say "installing firefox-esr, webkit2gtk-driver and xvfb (browser tests in Firefox and WebKit)"
    apt_install firefox-esr webkit2gtk-driver xvfb
fi
GECKODRIVER_VERSION=0.37.1
if [ "$(geckodriver --version 2>/dev/null | head -n 1 | cut -d' ' -f2)" != "$GECKODRIVER_VERSION" ]; then
    say "installing geckodriver $GECKODRIVER_VERSION (browser tests in Firefox, about 3 minutes)"
    quick_install geckodriver --version "$GECKODRIVER_VERSION" --locked
fi

# Contract fuzzing in `make test` (scripts/contract-fuzz.sh): schemathesis from PyPI, pinned,
# in a virtualenv of the project's own (.venv), so nothing is installed system-wide.
SCHEMATHESIS_VERSION=4.32.5
if ! command -v python3 >/dev/null || ! python3 -c 'import venv, ensurepip' 2>/dev/null; then
    say "installing python3-venv (the contract fuzzer's virtualenv)"
    apt_install python3 python3-venv
fi
if ! command -v curl >/dev/null; then
    apt_install curl
fi

# The deploy tests (crates/sandbox/tests/http/deploy.rs) run dist/ in the servers the
# generated dist/deploy/ configurations are for: nginx with its brotli_static module, and
# Caddy, over TLS on a certificate openssl makes, each from a scratch folder of the test's.
# The tests need the programs, not the services: the ones Debian starts on installing (both
# on port 80) are stopped and disabled again, those this script installed only.
new_services=""
[ -x /usr/sbin/nginx ] || new_services+=" nginx"
command -v caddy >/dev/null || new_services+=" caddy"
if [ -n "$new_services" ] || [ ! -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] ||
    ! command -v openssl >/dev/null; then
    say "installing nginx, its brotli_static module, caddy and openssl (deploy tests)"
    apt_install nginx libnginx-mod-http-brotli-static caddy openssl
    if [ -n "$new_services" ] && [ -d /run/systemd/system ]; then
        # shellcheck disable=SC2086
        as_root systemctl disable --now $new_services >/dev/null 2>&1 || true
    fi
fi
if [ "$(.venv/bin/schemathesis --version 2>/dev/null)" != "schemathesis, version $SCHEMATHESIS_VERSION" ]; then
    say "installing schemathesis $SCHEMATHESIS_VERSION into .venv (contract fuzzing)"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

cargo fetch --quiet
say "ready"
