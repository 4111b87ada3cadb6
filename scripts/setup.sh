#!/usr/bin/env bash
# Fresh-machine setup: Debian's Chromium (the only browser tsugi tests use; no
# browser download), the locked npm packages, and a build (dist/ + bin/tsugi).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi
npm ci --no-audit --no-fund
npm run build
