#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_{config,analysis,request,lint}.c) with clang
# under ASan + UBSan and runs each for SECONDS (default 60), as many at once as the machine
# has cores (FUZZ_JOBS): each target is one process on one core, so on 2 cores the four
# targets take two rounds of SECONDS, with every target fuzzed for its full SECONDS.
#
# Usage: fuzz.sh [SECONDS]               prepare, then every target
#        fuzz.sh --prepare               build the targets and derive the seeds only
#        fuzz.sh --target T [SECONDS]    one target, once prepared (npm test --fuzz runs these side by side)
# env: FUZZ_TARGETS="config request" to run only some; FUZZ_JOBS=N targets at once (default: nproc)
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
jobs="$(nproc 2>/dev/null || echo 2)"
targets="${FUZZ_TARGETS:-config analysis request lint}"
check_seconds() {
  case "$1" in '' | *[!0-9]*) echo "usage: $0 [SECONDS] | --prepare | --target T [SECONDS]" >&2; exit 2 ;; esac
}

prepare() {
  # RL_FUZZ instruments the core as well as the harnesses (see CMakeLists.txt).
  CC=clang cmake -S . -B build-fuzz -DRL_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_FLAGS= >/dev/null
  cmake --build build-fuzz -j "$jobs" --target $(for t in $targets; do printf 'fuzz_%s ' "$t"; done)
  # Derived afresh, so that a new vector, preset or config is a seed at once.
  rm -rf build-fuzz/seeds-derived
  node tests/fuzz/make-seeds.mjs --derived build-fuzz/seeds-derived
}

max_len() {
  case "$1" in
    config) echo 65536 ;;   # RL_CONFIG_MAX_TOKENS bounds what a bigger text can add
    request) echo 81920 ;;  # past RL_REQUEST_MAX_BYTES (64 KiB), room for a config after the NUL
    analysis) echo 512 ;;   # the decoder reads fewer than 400 bytes
    lint) echo 12288 ;;     # past RL_LINT_MAX_BYTES (8 KiB), room for a request after the NUL
    *) echo "fuzz: no target named $1 (config, analysis, request, lint)" >&2; exit 2 ;;
  esac
}

# One target: replay its regressions, then fuzz it for SECONDS. Prints its findings; exit 1 on any.
run_target() {
  local t="$1" seconds="$2"
  local len bin="build-fuzz/fuzz_$t" corpus="build-fuzz/corpus-$t" artifacts="build-fuzz/artifacts-$t"
  len="$(max_len "$t")"
  [ -x "$bin" ] || { echo "fuzz: $bin is not built: run $0 --prepare first" >&2; exit 2; }
  export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1}"
  export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
  local status=0 failed=()
  mkdir -p "$corpus" "$artifacts"
  cp -n tests/fuzz/seeds/"$t"/* build-fuzz/seeds-derived/"$t"/* "$corpus"/ 2>/dev/null || true
  local dict=()
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
  local before after new rc log="build-fuzz/fuzz_$t.log"
  before="$(ls "$artifacts" | grep -E '^(crash|timeout|oom|leak|slow-unit)-' || true)"
  set +e
  "$bin" "$corpus" "${dict[@]}" -max_total_time="$seconds" -max_len="$len" -timeout=5 \
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
  if [ "$status" -ne 0 ]; then
    echo "fuzz_$t: FAILED (${#failed[@]} file(s)):"
    printf '  %s\n' "${failed[@]}"
  else
    echo "fuzz_$t: no findings"
  fi
  return "$status"
}

case "${1:-}" in
  --prepare) prepare; exit 0 ;;
  --target)
    [ $# -ge 2 ] || { echo "usage: $0 --target T [SECONDS]" >&2; exit 2; }
    check_seconds "${3:-60}"
    run_target "$2" "${3:-60}"
    exit $? ;;
esac

seconds="${1:-60}"
check_seconds "$seconds"
prepare
# FUZZ_JOBS targets at once, each writing to its own file; printed in order once all are done.
jobs_at_once="${FUZZ_JOBS:-$jobs}"
check_seconds "$jobs_at_once"
pids=()
for t in $targets; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
  bash "$0" --target "$t" "$seconds" >"build-fuzz/run-$t.out" 2>&1 &
  pids+=("$!")
done
status=0
i=0
for t in $targets; do
  if ! wait "${pids[$i]}"; then status=1; fi
  cat "build-fuzz/run-$t.out"
  i=$((i + 1))
done
if [ "$status" -ne 0 ]; then echo "fuzz: FAILED"; else echo "fuzz: no findings"; fi
exit "$status"
