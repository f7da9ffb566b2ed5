#!/usr/bin/env bash
# roofline-lint --compare: each report in the comparison is exactly a plain --json
# run of that setup; exit codes 0 (all fit or tight), 3 (any refused), 2 (bad
# input, naming the setup and the flag or field); request files work as flags do.
# Usage: compare_test.sh path/to/roofline-lint
set -u
. "$(dirname "$0")/cli_expect.sh"

# same_as_plain INDEX COMPARE-JSON-FILE PLAIN-ARGS... : report INDEX of the comparison equals the plain run, byte for byte.
same_as_plain() {
  local i="$1" file="$2"
  shift 2
  local want got
  want="$("$cli" "$@" --json 2>/dev/null)"
  got="$(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.stdout.write(JSON.stringify(j.compare[+process.argv[2]]))' "$file" "$i")"
  want="$(printf '%s' "$want" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.stringify(JSON.parse(s))))')"
  if [ -n "$want" ] && [ "$want" = "$got" ]; then ok; else bad "report $i of the comparison differs from: roofline-lint $*"; fi
}

a=(--model qwen3-8b --gpu h100-sxm --precision fp8)
# Same model, H100 fp8 vs MI300X int4: both fit.
"$cli" "${a[@]}" --compare --gpu mi300x --precision int4 --json >"$tmp/two.json"
rc=$?
[ "$rc" -eq 0 ] && ok || bad "two fitting setups: exit $rc, want 0"
same_as_plain 0 "$tmp/two.json" "${a[@]}"
same_as_plain 1 "$tmp/two.json" "${a[@]}" --gpu mi300x --precision int4
# The differences name the paths that differ, with every setup's value; equal ones are not listed.
node -e '
const j = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
const d = Object.fromEntries(j.differences.map((x) => [x.path, x.values]));
const fail = (m) => { console.error(m); process.exit(1); };
if (j.compare.length !== 2) fail("two reports");
if (JSON.stringify(d["gpu.name"]) !== JSON.stringify(["h100-sxm", "mi300x"])) fail("gpu.name differs: " + JSON.stringify(d["gpu.name"]));
if (JSON.stringify(d["config.precision"]) !== JSON.stringify(["fp8", "int4"])) fail("config.precision differs");
if (d["decode.step_ms"]?.[0] !== j.compare[0].decode.step_ms || d["decode.step_ms"]?.[1] !== j.compare[1].decode.step_ms) fail("decode.step_ms values");
if ("model.name" in d || "config.batch" in d) fail("equal figures are not differences");
' "$tmp/two.json" && ok || bad "the differences of the two setups"

# Three setups; C starts from A, not from B.
"$cli" "${a[@]}" --compare --batch 8 --compare --tp 2 --json >"$tmp/three.json"
rc=$?
[ "$rc" -eq 0 ] && ok || bad "three fitting setups: exit $rc, want 0"
same_as_plain 2 "$tmp/three.json" "${a[@]}" --tp 2
node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.exit(j.compare.length===3&&j.compare[2].config.batch===1?0:1)' "$tmp/three.json" && ok || bad "C is A's flags with its own: batch 1"

# A refused setup: exit 3; its report is the plain refusal (no timing), the text says it can't run.
"$cli" --model llama-3-70b --gpu h100-sxm --compare --tp 4 --json >"$tmp/refused.json"
rc=$?
[ "$rc" -eq 3 ] && ok || bad "a refused setup: exit $rc, want 3"
same_as_plain 0 "$tmp/refused.json" --model llama-3-70b --gpu h100-sxm
same_as_plain 1 "$tmp/refused.json" --model llama-3-70b --gpu h100-sxm --tp 4
node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));process.exit(j.compare[0].decode===undefined&&j.compare[0].realistic===undefined&&j.compare[1].decode?0:1)' "$tmp/refused.json" && ok || bad "the refused report has no timing"
expect 3 "can't run" --model llama-3-70b --gpu h100-sxm --compare --tp 4
expect 3 "weights_do_not_fit" --model llama-3-70b --gpu h100-sxm --compare --tp 4
# The refused column prints no time: every timing row of A reads "can't run".
out="$("$cli" --model llama-3-70b --gpu h100-sxm --compare --tp 4)"
printf '%s\n' "$out" | grep -E '^(decode step floor ms|tokens/s \(floor\)|realistic step ms|realistic tokens/s|TTFT floor ms|realistic TTFT ms) ' |
  awk '{ if ($0 !~ /can.t run/) exit 1 }' && ok || bad "timing rows of a refused A"
expect 3 '\| verdict \(differs\) \| refused \| \*\*fits\*\*' --model llama-3-70b --gpu h100-sxm --compare --tp 4 --format md

# Text: differing cells marked, with the ratio to A; an equal one is not.
expect 0 'GPU +h100-sxm +mi300x \*' "${a[@]}" --compare --gpu mi300x --precision int4
expect 0 'weights GiB/GPU +[0-9.]+ +[0-9.]+ \* \(x0\.50\)' "${a[@]}" --compare --gpu mi300x --precision int4
expect 0 'model +qwen3-8b +qwen3-8b$' "${a[@]}" --compare --gpu mi300x --precision int4

# Bad input: exit 2, the message names the setup and the flag (text) or field (JSON).
expect 2 'setup B: .*--batch: ' "${a[@]}" --compare --batch x
expect 2 '"field":"batch".*"setup":"B"' "${a[@]}" --compare --batch x --json
expect 2 '"field":"tp".*"setup":"C"' "${a[@]}" --compare --batch 2 --compare --tp 0 --json
expect 2 '"field":"--bogus".*"setup":"B"' "${a[@]}" --compare --bogus 1 --json
expect 2 '"code":"unknown_preset".*"setup":"B"' "${a[@]}" --compare --gpu no-such-gpu --json
expect 2 'setup A: .*--batch' --model qwen3-8b --gpu h100-sxm --batch 0 --compare --tp 2
expect 2 'needs flags after it' "${a[@]}" --compare
expect 2 'at most three' "${a[@]}" --compare --tp 2 --compare --tp 4 --compare --tp 8
expect 2 'takes input flags' "${a[@]}" --compare --lint 'vllm serve x'
expect 2 '--format must be text or md' "${a[@]}" --compare --tp 2 --format html

# Request files: the same comparison as with flags.
printf '{"model":"qwen3-8b","gpu":"h100-sxm","precision":"fp8"}' >"$tmp/a.json"
printf '{"model":"qwen3-8b","gpu":"mi300x","precision":"int4"}' >"$tmp/b.json"
printf '{"model":"llama-3-70b","gpu":"h100-sxm"}' >"$tmp/c.json"
printf '{"model":"qwen3-8b","gpu":"h100-sxm","batch":0}' >"$tmp/bad.json"
"$cli" --compare "$tmp/a.json" "$tmp/b.json" --json >"$tmp/files.json"
rc=$?
[ "$rc" -eq 0 ] && ok || bad "request files: exit $rc, want 0"
cmp -s <(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(JSON.stringify(j))' "$tmp/files.json") \
       <(node -e 'const j=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));console.log(JSON.stringify(j))' "$tmp/two.json") &&
  ok || bad "request files give the comparison the flags give"
expect 3 '"setup"|"compare"' --compare "$tmp/a.json" "$tmp/b.json" "$tmp/c.json" --json
expect 2 '"field":"batch".*"setup":"B"' --compare "$tmp/a.json" "$tmp/bad.json" --json
expect 2 'setup B: error \[file\]' --compare "$tmp/a.json" "$tmp/missing.json"
expect 2 'two or three request files' --compare "$tmp/a.json"

# A size-only estimate compares by its own figures.
expect 3 'GPUs needed \(estimate\) +2 +1 \* \(x0\.50\)' --params 70B --gpu h100-sxm --compare --gpu mi300x
# Its verdict and shortfall: 70B on one H100 is refused, on two it fits (exit 3: one setup cannot run).
expect 3 'verdict \(estimate\) +refused +the weights fit \*' --params 70B --gpu h100-sxm --compare --tp 2
expect 3 'shortfall GiB/GPU \(estimate\) +60\.39 +- \*' --params 70B --gpu h100-sxm --compare --tp 2
expect 3 'GPUs given \(estimate\) +1 +2 \* \(x2\.00\)' --params 70B --gpu h100-sxm --compare --tp 2

# --help lists --compare (a row of the meta table).
expect 0 '--compare FLAGS' --help

finish compare
