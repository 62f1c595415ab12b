#!/usr/bin/env bash
# Runs every test of the repository from a fresh clone: installs what it needs
# (npm packages from the lockfile; Debian's Chromium when it is missing),
# builds the libraries and the site, then runs unit, doc and browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$*"; }

if [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian chromium"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The API reference's Python samples run with the system Python and Debian's requests and cryptography
# (website/plugins/api-reference/samples.run.test.ts).
if ! /usr/bin/python3 -c 'import requests, cryptography' 2>/dev/null; then
  step "Installing Debian python3-requests and python3-cryptography"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq python3-requests python3-cryptography >/dev/null
fi

# The Go SDK (packages/go) and the doc checker's Go blocks build with Debian's Go (1.19), standard library only.
if ! command -v go >/dev/null 2>&1; then
  step "Installing Debian golang-go"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq golang-go >/dev/null
fi

step "npm ci"
npm ci --no-audit --no-fund

step "Build the libraries"
npm run build:packages

step "Library tests"
node scripts/test-packages.mjs

# The generated Go files must be what the API document generates; then the SDK's tests against the emulator (they
# start it with node, so they come after the build). Offline: no module is downloaded.
step "Go SDK: generated code and go test"
started=$SECONDS
node packages/go/generator/generate.mjs --check
unformatted=$(gofmt -l packages/go); [ -z "$unformatted" ] || { echo "gofmt would change: $unformatted"; exit 1; }
(cd packages/go && GOFLAGS=-mod=mod GOPROXY=off GOWORK=off go vet ./... && GOFLAGS=-mod=mod GOPROXY=off GOWORK=off go test -count=1 ./...)
echo "Go SDK tests took $((SECONDS - started)) s"

# ---- Rust SDK (packages/rust) ----
# The crate builds offline from Debian's packaged crates (librust-*-dev, a cargo directory registry in
# /usr/share/cargo/registry) with the machine's cargo (rustup's, in ~/.cargo/bin); its tests start the emulator
# with Node. Runs before the checker's tests and the doc examples, whose Rust blocks reuse its compiled target
# directory (scripts/doctest/languages/rs.mjs).
RUST_CRATES="librust-tokio-dev librust-reqwest-dev librust-serde-dev librust-serde-derive-dev librust-serde-json-dev librust-openssl-dev"
missing_crates=""
for crate in $RUST_CRATES; do dpkg -s "$crate" >/dev/null 2>&1 || missing_crates="$missing_crates $crate"; done
if [ -n "$missing_crates" ]; then
  step "Installing Debian's Rust crates:$missing_crates"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  # shellcheck disable=SC2086 # one argument per crate
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing_crates >/dev/null
fi
export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo >/dev/null || { echo "The Rust SDK's tests need cargo (rustup's stable, in ~/.cargo/bin)" >&2; exit 1; }

step "Rust SDK: generated code and cargo test"
started=$SECONDS
(cd packages/rust && cargo --version && cargo test --offline)
npx vitest run -c packages/rust/vitest.config.mjs
echo "Rust SDK tests took $((SECONDS - started)) s"
# ---- end Rust SDK ----

step "Doc-example checker tests"
npx vitest run -c scripts/doctest/vitest.config.mjs

step "README example runner tests"
npx vitest run -c scripts/readmes/vitest.config.mjs

# Type-checks every TypeScript block, runs the marked ones and the shell blocks that call the API against a fresh
# emulator each, and ends with "examples: N run, M type-checked only, K skipped" (scripts/doctest/README.md).
step "Check and run the docs' examples"
started=$SECONDS
node scripts/doctest/run.mjs
echo "Doc examples took $((SECONDS - started)) s"

step "Site type-check (strict)"
npm run typecheck -w website

step "Site unit tests"
npm run test:unit -w website

step "Build the site (with e2e fixtures)"
SIGIL_TEST_FIXTURES=1 npm run build -w website

# A docs page's main-thread script work at first load, as a ratio to a plain Docusaurus site's docs page (the
# classic template at our Docusaurus version, built once into tmp/), measured in the same run; fails on a regression
# of more than 10 % over bench/main-thread-baseline.json (bench/main-thread-check.mjs).
step "Main-thread work against the Docusaurus control"
started=$SECONDS
npx vitest run --root bench
node bench/main-thread-check.mjs --dir website/build
echo "Main-thread check took $((SECONDS - started)) s"

step "End-to-end tests in Chromium"
CI=${CI:-true} npm run test:e2e -w website -- --grep-invert @quality

# Every route of the build: axe in light and dark, no other host, no CSP violation,
# weight budgets, link crawl; plus keyboard, no-JS and widget checks (website/tests/e2e/quality-*.spec.ts).
step "Quality gates over every built route"
started=$SECONDS
# One retry: under full load on 2 cores a colour check can land mid-transition; a
# real violation fails both attempts and Playwright lists retried tests as flaky.
CI=${CI:-true} npm run test:e2e -w website -- --grep @quality --retries 1
echo "Quality gates took $((SECONDS - started)) s"
