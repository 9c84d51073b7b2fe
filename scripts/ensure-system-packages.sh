#!/usr/bin/env bash
# Installs the Debian packages the end-to-end tests need when they are missing:
# Chromium (never a downloaded browser), Japanese fonts for readable screenshots and for the
# records' PDFs (Noto Sans CJK, embedded by the server), and poppler-utils (pdftotext, pdfinfo)
# with which the tests read those PDFs.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} with apt"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
