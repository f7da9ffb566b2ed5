#!/usr/bin/env bash
# The native suites: ctest on the release build, then the same suites rebuilt
# with clang under AddressSanitizer + UndefinedBehaviorSanitizer (any report fails).
set -euo pipefail
cd "$(dirname "$0")/../.."
echo "== native suites (build/)"
ctest --test-dir build --output-on-failure
echo "== native suites under ASan + UBSan (build-san/)"
bash core/scripts/build.sh sanitize
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
  ctest --test-dir build-san --output-on-failure
