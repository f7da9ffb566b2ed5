#!/usr/bin/env bash
# The shipped core carries none of --prove-red's wrong formulas: no fault name
# and no testing hook in the native core library, nor in the wasm module(s).
# The testing library must carry them all, so the search is known to work.
# Usage: shipped_without_faults.sh faults.c libroofline_testing.a libroofline_core.a [module.wasm ...]
# Exit 0 when clean, 1 when a fault is found, 77 (skipped) when no wasm module is built.
set -u
faults_c="$1" testing="$2" core="$3"
shift 3

# The fault names, from the one list in faults.c ("none" is an ordinary word elsewhere).
names="$(sed -n '/fault_names\[RL_FAULT_COUNT_\]/,/^};/p' "$faults_c" | grep -o '"[a-z0-9-]*"' | tr -d '"' | grep -vx none)"
hooks="rl_testing_set_fault rl_fault_name"
if [ "$(printf '%s\n' "$names" | grep -c .)" -lt 10 ]; then
  echo "FAIL: fewer than 10 fault names read from $faults_c"
  exit 1
fi

status=0
for word in $names $hooks; do
  grep -a -q -F -- "$word" "$testing" || { echo "FAIL: the testing library lacks $word (the check would prove nothing)"; status=1; }
  grep -a -q -F -- "$word" "$core" && { echo "FAIL: the shipped core library carries $word"; status=1; }
done

checked=0
for wasm in "$@"; do
  [ -f "$wasm" ] || continue
  checked=$((checked + 1))
  for word in $names $hooks; do
    grep -a -q -F -- "$word" "$wasm" && { echo "FAIL: $wasm carries $word"; status=1; }
  done
done

[ "$status" -ne 0 ] && exit 1
if [ "$checked" -eq 0 ]; then
  echo "skipped: no wasm module built ($*); the native core is clean"
  exit 77
fi
echo "ok: no fault in the shipped core or in $checked wasm module(s)"
exit 0
