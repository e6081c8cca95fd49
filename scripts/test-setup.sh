#!/usr/bin/env bash
# Installs what the test suite needs beyond npm packages: Debian's Chromium (browser tests, driven by
# playwright-core) and CJK fonts (without them every Chinese glyph renders as a box).
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
echo "test dependencies ready: $(chromium --version 2>/dev/null | head -1), fonts-noto-cjk $(dpkg-query -W -f='${Version}' fonts-noto-cjk)"
