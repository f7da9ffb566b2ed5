# Shared by the CLI's contract scripts (cli_test.sh, compare_test.sh): source it
# after `set -u` with the CLI's path in $1. It sets $cli and a temp folder $tmp
# (removed on exit), counts checks in $pass/$fail, and gives:
#   ok / bad MESSAGE        count a passed / failed check (bad prints MESSAGE)
#   expect CODE PATTERN ARGS...   the CLI run with ARGS exits CODE and prints PATTERN (grep -E, stdout+stderr)
#   finish NAME             prints the tally and fails when a check did
cli="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); printf 'FAIL: %s\n' "$*"; }

expect() {
  local want="$1" pattern="$2"
  shift 2
  local out rc
  out="$("$cli" "$@" 2>&1)"
  rc=$?
  if [ "$rc" -eq "$want" ] && printf '%s' "$out" | grep -Eq -- "$pattern"; then
    ok
  else
    fail=$((fail + 1))
    printf 'FAIL: roofline-lint %s\n  want exit %s and /%s/, got exit %s:\n%s\n' "$*" "$want" "$pattern" "$rc" "$out" | head -12
  fi
}

finish() {
  printf '%s%d passed, %d failed\n' "${1:+$1: }" "$pass" "$fail"
  [ "$fail" -eq 0 ]
}
