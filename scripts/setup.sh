#!/usr/bin/env bash
# Fresh-machine setup: Debian's Chromium, its headless shell (the page engine of
# `tsugi detect`/`extract`) and Firefox ESR (the browsers the tests use; no browser
# download), epubcheck (the EPUB export's tests), the locked npm packages, and a build
# (dist/ + bin/tsugi).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1 || ! command -v firefox-esr >/dev/null 2>&1 ||
  ! command -v chromium-headless-shell >/dev/null 2>&1 || [ ! -f /usr/share/java/epubcheck.jar ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-headless-shell firefox-esr epubcheck
fi
npm ci --no-audit --no-fund
npm run build
