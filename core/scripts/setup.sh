#!/usr/bin/env bash
# Installs what this machine lacks to build and test roofline-lint:
# Debian packages (as root, apt-get) and the npm dependencies. Idempotent and quiet when all is there.
# Usage: setup.sh [system|npm]   (default: both; npm test runs the two parts side by side with the builds)
set -euo pipefail
cd "$(dirname "$0")/../.."
what="${1:-all}"

system() {
  local need=()
  have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
  for pkg in cmake make gcc clang libclang-rt-14-dev emscripten libcjson-dev chromium chromium-headless-shell zopfli; do
    have_pkg "$pkg" || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing ${need[*]}"
    if [ "$(id -u)" -ne 0 ]; then
      echo "setup: these Debian packages are missing and installing them needs root: ${need[*]}" >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  fi
}

npm_deps() {
  if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    echo "setup: installing npm dependencies"
    # Not `npm ci`: vite 8 names a Windows-only optional dependency that this
    # registry does not serve, which npm ci refuses while npm install skips it.
    npm install --no-audit --no-fund --loglevel=error
  fi
}

case "$what" in
  system) system ;;
  npm) npm_deps ;;
  all) system; npm_deps ;;
  *) echo "usage: $0 [system|npm]" >&2; exit 2 ;;
esac
