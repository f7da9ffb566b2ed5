#!/usr/bin/env bash
# Builds the native core + CLI (build/) and the wasm module (build-wasm/ -> web/generated/).
# Usage: build.sh [native|wasm|sanitize|all]   (default: all)
set -euo pipefail
cd "$(dirname "$0")/../.."
what="${1:-all}"
jobs="$(nproc 2>/dev/null || echo 2)"

native() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j "$jobs"
}
sanitize() {
  # The native suite again under ASan + UBSan, with clang; any report fails the run.
  CC=clang cmake -S . -B build-san -DCMAKE_BUILD_TYPE=Debug -DRL_SANITIZE=ON >/dev/null
  cmake --build build-san -j "$jobs"
}
wasm() {
  # emcc's JS optimizer needs Debian's node modules (acorn) on NODE_PATH.
  export NODE_PATH=/usr/share/nodejs
  emcmake cmake -S . -B build-wasm -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build-wasm -j "$jobs"
  mkdir -p web/generated
  # Each module's data as one segment (core/wasm/one-data-segment.mjs says why): the same
  # memory image, about 2 KiB less gzipped each.
  # Before that, binaryen's -Oz once more over the linked module (emcc runs it once): the same
  # code, 468 B (full) and 149 B (verdict) less gzipped; emcc 3.1.6's -flto made both larger.
  # wasm-opt is binaryen's, which emcc itself runs. The features are the ones the module uses.
  for module in roofline roofline-verdict; do
    wasm-opt -Oz --enable-bulk-memory --enable-sign-ext --enable-mutable-globals \
      "build-wasm/$module.wasm" -o "build-wasm/$module.opt.wasm"
    node core/wasm/one-data-segment.mjs "build-wasm/$module.opt.wasm" "web/generated/$module.wasm"
  done
}
case "$what" in
  native) native ;;
  wasm) wasm ;;
  sanitize) sanitize ;;
  all) native; wasm ;;
  *) echo "usage: $0 [native|wasm|sanitize|all]" >&2; exit 2 ;;
esac
