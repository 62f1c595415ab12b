#!/usr/bin/env bash
# Builds the site (with e2e fixtures) into build-NAME, using its own generated
# files folder and no shared persistent cache, so several builds can run on
# one checkout at once. Then: SIGIL_BUILD_DIR=build-NAME SIGIL_E2E_PORT=PORT npx playwright test ...
set -euo pipefail
cd "$(dirname "$0")/.."
name=${1:?usage: tests/isolated-build.sh NAME}
DOCUSAURUS_NO_PERSISTENT_CACHE=1 DOCUSAURUS_GENERATED_FILES_DIR_NAME=".docusaurus-$name" SIGIL_TEST_FIXTURES=1 \
  npx docusaurus build --out-dir "build-$name"
