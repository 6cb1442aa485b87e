#!/usr/bin/env bash
# The browser tests drive Debian's Chromium. Install it when it is missing and
# we may (root with apt-get); otherwise explain how, and fail.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [[ -x "$CHROMIUM" ]]; then
  exit 0
fi

if [[ "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing at $CHROMIUM: installing Debian's chromium package."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y chromium
  if [[ -x "$CHROMIUM" ]]; then
    exit 0
  fi
  echo "Installing chromium did not provide $CHROMIUM." >&2
  exit 1
fi

cat >&2 <<MSG
The browser tests need Debian's Chromium at $CHROMIUM, and it is missing.
Install it, then run the tests again:

  sudo apt-get update && sudo apt-get install -y chromium

(On another system, install Chromium so that $CHROMIUM is its executable.)
MSG
exit 1
