#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_{config,analysis,request}.c) with clang
# under ASan + UBSan and runs each for SECONDS (default 60).
#
# Usage: fuzz.sh [SECONDS]            env: FUZZ_TARGETS="config request" to run only some
#
# Each target works on a copy of its seeds in build-fuzz/corpus-<target>/, which is kept
# between runs and is never in the repo: the hand-made ones (tests/fuzz/seeds/<target>/) and
# those derived afresh from the repository on every run (every vector's request and serve
# command, every preset's and published config; tests/fuzz/make-seeds.mjs --derived).
# Findings go to build-fuzz/artifacts-<target>/. Before fuzzing, every file in
# tests/fuzz/regressions/<target>/ (known reproducers) is replayed once.
# Exits non-zero when any target crashes, times out, runs out of memory or leaks,
# or when a regression input still fails; the offending files are printed.
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;; esac
jobs="$(nproc 2>/dev/null || echo 2)"
targets="${FUZZ_TARGETS:-config analysis request lint}"

# RL_FUZZ instruments the core as well as the harnesses (see CMakeLists.txt).
CC=clang cmake -S . -B build-fuzz -DRL_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS= >/dev/null
cmake --build build-fuzz -j "$jobs" --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"

max_len() {
  case "$1" in
    config) echo 65536 ;;   # RL_CONFIG_MAX_TOKENS bounds what a bigger text can add
    request) echo 81920 ;;  # past RL_REQUEST_MAX_BYTES (64 KiB), room for a config after the NUL
    analysis) echo 512 ;;   # the decoder reads fewer than 400 bytes
    lint) echo 12288 ;;     # past RL_LINT_MAX_BYTES (8 KiB), room for a request after the NUL
  esac
}

# Derived afresh, so that a new vector, preset or config is a seed at once.
rm -rf build-fuzz/seeds-derived
node tests/fuzz/make-seeds.mjs --derived build-fuzz/seeds-derived

status=0
failed=()
for t in $targets; do
  bin="build-fuzz/fuzz_$t"
  corpus="build-fuzz/corpus-$t"
  artifacts="build-fuzz/artifacts-$t"
  mkdir -p "$corpus" "$artifacts"
  cp -n tests/fuzz/seeds/"$t"/* build-fuzz/seeds-derived/"$t"/* "$corpus"/ 2>/dev/null || true
  dict=()
  [ "$t" != analysis ] && dict=(-dict=tests/fuzz/json.dict)

  if [ -d "tests/fuzz/regressions/$t" ] && [ -n "$(ls -A "tests/fuzz/regressions/$t")" ]; then
    echo "== fuzz_$t: replaying tests/fuzz/regressions/$t/"
    for f in tests/fuzz/regressions/"$t"/*; do
      if ! "$bin" -runs=1 -timeout=5 -rss_limit_mb=2048 "$f" >"$artifacts/replay.log" 2>&1; then
        echo "REGRESSION FAILS: $f"
        grep -a -m1 -E "invariant broken|ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error" "$artifacts/replay.log" || true
        failed+=("$f")
        status=1
      fi
    done
  fi

  echo "== fuzz_$t: ${seconds}s, corpus $corpus"
  before="$(ls "$artifacts" | grep -E '^(crash|timeout|oom|leak|slow-unit)-' || true)"
  log="build-fuzz/fuzz_$t.log"
  set +e
  "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len="$(max_len "$t")" -timeout=5 \
    -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb):|^#[0-9]+ +DONE" "$log" | sed "s/^/  /" || true
  after="$(ls "$artifacts" | grep -E '^(crash|timeout|oom|leak|slow-unit)-' || true)"
  new="$(comm -13 <(echo "$before" | sort) <(echo "$after" | sort) | grep -v '^slow-unit-' || true)"
  if [ "$rc" -ne 0 ] || [ -n "$new" ]; then
    status=1
    echo "FUZZ FINDING in fuzz_$t (exit $rc); log: $log"
    grep -a -m3 -E "invariant broken|ERROR: (AddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer)|runtime error|SUMMARY" "$log" || true
    for f in $new; do
      echo "  crash file: $artifacts/$f"
      failed+=("$artifacts/$f")
    done
    echo "  reproduce: $bin $artifacts/<file>"
  fi
done

if [ "$status" -ne 0 ]; then
  echo "fuzz: FAILED (${#failed[@]} file(s)):"
  printf '  %s\n' "${failed[@]}"
else
  echo "fuzz: no findings"
fi
exit "$status"
