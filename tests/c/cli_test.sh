#!/usr/bin/env bash
# The CLI's contract: exit codes, and a message naming the flag or field for every bad input.
# Usage: cli_test.sh path/to/roofline-lint
set -u
cli="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

# expect CODE PATTERN ARGS... : exit code CODE and PATTERN (grep -E) in stdout+stderr.
expect() {
  local want="$1" pattern="$2"
  shift 2
  local out rc
  out="$("$cli" "$@" 2>&1)"
  rc=$?
  if [ "$rc" -eq "$want" ] && printf '%s' "$out" | grep -Eq -- "$pattern"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    printf 'FAIL: roofline-lint %s\n  want exit %s and /%s/, got exit %s:\n%s\n' "$*" "$want" "$pattern" "$rc" "$out" | head -12
  fi
}

base=(--model qwen3-4b --gpu a100-40g)
expect 0 "verdict +fits" "${base[@]}"
expect 0 "Takeaway" "${base[@]}"
expect 3 "DOES NOT FIT" "${base[@]}" --batch 128
expect 3 '"verdict":"kv_does_not_fit"' "${base[@]}" --batch 128 --json
expect 3 '"verdict":"weights_do_not_fit"' --model llama-3-70b --gpu a100-80g --json
expect 0 '"tokens_per_s"' "${base[@]}" --json
# --request: the exit code comes from the result (a refusal through --request once exited 0).
expect 0 '"level":"fits"' --request '{"model":"qwen3-4b","gpu":"a100-40g","precision":"fp16"}'
expect 0 '"level":"tight"' --request '{"model":"llama-3-70b","gpu":"a100-80g","tp":2,"batch":8}'
expect 3 '"level":"refused"' --request '{"model":"qwen3-4b","gpu":"a100-40g","precision":"fp16","batch":128}'
expect 3 '"verdict":"weights_do_not_fit"' --request '{"model":"llama-3-70b","gpu":"a100-80g"}'
expect 2 '"field":"batch"' --request '{"model":"qwen3-4b","gpu":"a100-40g","batch":0}'
expect 0 "TIGHT" --model llama-3-70b --gpu a100-80g --tp 2 --batch 8
expect 0 '"level":"tight"' --model llama-3-70b --gpu a100-80g --tp 2 --batch 8 --json
expect 2 '"code":"file"' --request '{"model":"qwen3-4b","gpu":"a100-40g"}' --config /nonexistent/config.json
expect 0 "Models" --list
expect 0 "usage" --help

# Bad numbers in every integer flag: zero, negative, non-numeric, absurd.
for flag in --seq --batch --tp --pp --kv-block; do
  name="${flag#--}"
  for v in 0 -3 abc 1e30 1.5 nan; do
    expect 2 "${flag}|${name}" "${base[@]}" "$flag" "$v"
  done
done
for v in 0 -3 abc 1e30; do
  expect 2 "micro-batch" "${base[@]}" --pp 2 --batch 8 --micro-batch "$v"
done
expect 2 "micro.batch.*(from 1 to the batch|batch)" "${base[@]}" --pp 2 --batch 4 --micro-batch 5
expect 2 "micro.batch.*pp" "${base[@]}" --batch 4 --micro-batch 2
expect 2 "no preset is named" --model no-such-model --gpu a100-40g
expect 2 "no preset is named" --model qwen3-4b --gpu no-such-gpu
expect 2 "precision.*fp16" "${base[@]}" --precision fp12
expect 2 "kv-precision" "${base[@]}" --kv-precision fp12
expect 2 "moe-read" "${base[@]}" --moe-read all
expect 2 "unknown flag" "${base[@]}" --bogus 1
expect 2 "needs a value" "${base[@]}" --batch
expect 2 "exactly one" --gpu a100-40g
expect 2 "tflops" --model qwen3-4b --tflops 0 --bandwidth-gbs 100 --vram-gib 10
expect 2 "vram-gib|vram" --model qwen3-4b --tflops 10 --bandwidth-gbs 100 --vram-gib 1e308

# config.json: malformed, truncated, not an object, wrong types, missing and contradictory fields.
cfg() { printf '%s' "$2" >"$tmp/$1.json"; }
cfg ok '{"model_type":"llama","hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"num_key_value_heads":2,"vocab_size":100}'
cfg malformed '{"hidden_size": 64,, }'
cfg truncated '{"hidden_size": 64, "num_hidden_la'
cfg array '[1, 2, 3]'
cfg wrongtype '{"hidden_size":"64","intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100}'
cfg missing '{"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100}'
cfg kvheads '{"hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"num_key_value_heads":3,"vocab_size":100}'
cfg zerolayers '{"hidden_size":64,"intermediate_size":128,"num_hidden_layers":0,"num_attention_heads":4,"vocab_size":100}'
cfg topk '{"hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100,"num_local_experts":4,"num_experts_per_tok":5}'
expect 0 "fits" --config "$tmp/ok.json" --gpu t4
expect 2 "not valid JSON|json" --config "$tmp/malformed.json" --gpu t4
expect 2 "truncated" --config "$tmp/truncated.json" --gpu t4
expect 2 "must be a JSON object" --config "$tmp/array.json" --gpu t4
expect 2 "hidden_size must be a number" --config "$tmp/wrongtype.json" --gpu t4
expect 2 "hidden_size is missing" --config "$tmp/missing.json" --gpu t4
expect 2 "num_key_value_heads.*divide" --config "$tmp/kvheads.json" --gpu t4
expect 2 "num_hidden_layers must be an integer from 1" --config "$tmp/zerolayers.json" --gpu t4
expect 2 "num_experts_per_tok" --config "$tmp/topk.json" --gpu t4
expect 2 "cannot open" --config "$tmp/none.json" --gpu t4
expect 2 '"code":"json_syntax"' --config "$tmp/malformed.json" --gpu t4 --json

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
