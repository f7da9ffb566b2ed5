#!/usr/bin/env bash
# The CLI's contract: exit codes, and a message naming the flag or field for every bad input.
# Usage: cli_test.sh path/to/roofline-lint
set -u
. "$(dirname "$0")/cli_expect.sh"

base=(--model qwen3-4b --gpu a100-40g)
expect 0 "verdict +fits" "${base[@]}"
expect 0 "Takeaway" "${base[@]}"
expect 3 "DOES NOT FIT" "${base[@]}" --batch 128
expect 3 '"verdict":"kv_does_not_fit"' "${base[@]}" --batch 128 --json
expect 3 '"verdict":"weights_do_not_fit"' --model llama-3-70b --gpu a100-80g --json
# Weights past the GPU leave no room: said as how far over, not as a negative free size (the JSON keeps the raw figure).
expect 3 'free after weights +none: 107\.42 GiB over' --model llama-3-70b --gpu rtx-4090
expect 3 'room for KV +none: 113\.37 GiB over' --model llama-3-70b --gpu rtx-4090
expect 3 '\| room for KV \(realistic\) \| none: 113\.37 GiB over \|' --model llama-3-70b --gpu rtx-4090 --format md
expect 3 '"free_gib_per_gpu":-107\.416' --model llama-3-70b --gpu rtx-4090 --json
expect 0 '"tokens_per_s"' "${base[@]}" --json
# The engine's own pool: vLLM's share of the GPU (auto on NVIDIA), none for llama.cpp (auto on Apple).
expect 0 'engine pool +36.00 GiB \(90% of the GPU\)' "${base[@]}"
expect 0 'engine pool +[0-9.]+ GiB \(the whole GPU: llama.cpp has no pool\)' --model qwen3-4b --gpu m4-max-128g
expect 0 '"pool_fraction":1,"pool_source":"engine"' --model qwen3-4b --gpu m4-max-128g --json
expect 0 '"pool_fraction":0.8,"pool_source":"chosen"' --model qwen3-4b --gpu m4-max-128g --pool-fraction 0.8 --json
# SGLang's pool is its fraction of what the CUDA context and NCCL leave (0.704 of 24 − 0.6 on an RTX 4090); its
# activations are in the rest. The budget line, and the tight sentences with room (0.704 × 23.4 − 1.02 × 15.26 GiB of
# weights = 0.91 GiB) and without (0.78 of 62 − 0.6 GiB against Qwen3-32B's 61.02 GiB and their overhead).
sg=(--model qwen3-8b --gpu rtx-4090 --engine sglang --seq 4096 --batch 4)
expect 0 'engine pool +17\.07 GiB \(the CUDA context and NCCL, and 70% of the 23\.40 GiB they leave' "${sg[@]}"
expect 0 "activations +outside sglang's pool" "${sg[@]}"
expect 0 "sglang's pool, 70% of the 23\.40 GiB the CUDA context and NCCL leave, less the weights and their overhead, leaves 0\.91 GiB for the KV cache, 1\.34 GiB short" "${sg[@]}"
expect 0 "sglang's pool, 78% of the 61\.40 GiB the CUDA context and NCCL leave, cannot hold the weights and their overhead: they are 14\.29 GiB over it" \
  --model qwen3-32b --tflops 500 --bandwidth-gbs 2000 --vram-gib 62 --seq 512 --engine sglang
expect 2 '"field":"pool_fraction"' "${base[@]}" --pool-fraction 0.04 --json
# The prefill step: the engine's own (vLLM's 8192 on an H100, gpt-fast's whole prompt) or the one chosen. Llama 3 8B
# holds (2 × 4096 + 6144 + 2 × 14336) × 2 = 86,016 bytes of activations a token: 8192 tokens are 0.65625 GiB, 2048
# are 0.1640625, and one request's logits 128,256 × 4 bytes more.
l8=(--model llama-3-8b --gpu h100-sxm --seq 8192)
expect 0 "activations +0\.6567 GiB \(a 8192-token prefill step by vllm's own chunk \+ the batch's logits\)" "${l8[@]}"
expect 0 '"prefill_chunk":8192,"prefill_chunk_source":"engine"' "${l8[@]}" --json
expect 0 "activations +0\.1645 GiB \(a 2048-token prefill chunk \+ the batch's logits\)" "${l8[@]}" --prefill-chunk 2048
expect 0 '"prefill_chunk":2048,"prefill_chunk_source":"chosen"' "${l8[@]}" --prefill-chunk 2048 --json
expect 0 '"prefill_chunk":1,"prefill_chunk_source":"chosen"' "${l8[@]}" --prefill-chunk 1 --json
# gpt-fast's forward pass returns every prompt position's logits: (128,256 + 4096) × 2 bytes a token, 1.0098 GiB at
# 4096, more than the layers' 0.33, + one request's 128,256 × 4 bytes.
expect 0 "activations +1\.01 GiB \(the whole 4096-token prompt in one step, as gpt-fast runs it, at its output layer: every token's logits and their hidden state \+ the batch's logits\)" \
  --model llama-3-8b --gpu h100-sxm --engine gpt-fast
expect 0 '"prefill_chunk":4096,"prefill_chunk_source":"engine"' --model llama-3-8b --gpu h100-sxm --engine gpt-fast --json
# A prompt shorter than the chunk: vLLM and TensorRT-LLM keep room for the whole step however short the prompt (the
# same 0.6567 GiB at seq 1024 as at 8192), llama.cpp's step is the prompt, whose F32 logits and hidden state, 1024 ×
# (128,256 + 4096) × 4 bytes = 0.5048828125 GiB, are its compute buffer's peak; its batch's logits go to host memory.
expect 0 "activations +0\.6567 GiB \(a 8192-token prefill step, vllm's chunk, which it keeps room for however short the prompt" \
  --model llama-3-8b --gpu h100-sxm --seq 1024
expect 0 '"activation_gib":0.6567277908325195,"activation_tokens":8192' --model llama-3-8b --gpu h100-sxm --seq 1024 --json
expect 0 "activations +0\.1645 GiB \(a 2048-token prefill step, trt-llm's chunk" --model llama-3-8b --gpu h100-sxm --seq 1024 --engine trt-llm --prefill-chunk 2048
expect 0 "activations +0\.5049 GiB \(a 1024-token prefill chunk, at its output layer: every token's logits and their hidden state; the batch's logits go to host memory\)" \
  --model llama-3-8b --gpu h100-sxm --seq 1024 --engine llama.cpp --prefill-chunk 2048
expect 0 '"activation_gib":0.5048828125,"activation_tokens":1024,"activation_at_logits":true,"step_logit_bytes":4,"logits_on_host":true' \
  --model llama-3-8b --gpu h100-sxm --seq 1024 --engine llama.cpp --prefill-chunk 2048 --json
expect 0 '"activation_tokens":1024' --model llama-3-8b --gpu h100-sxm --seq 1024 --engine llama.cpp --prefill-chunk 2048 --json
expect 0 '"activation_gib":0,"activation_tokens":0' --model llama-3-8b --gpu h100-sxm --seq 1024 --engine sglang --json
# A tight fit: the engine's estimate is for the requests its budget holds at once.
expect 0 'requests at once +8 of the 10 asked for' --model qwen3-32b --gpu h100-sxm --batch 10
expect 0 '"tokens_per_s_per_user":[0-9.e+-]+,"batch":8,' --model qwen3-32b --gpu h100-sxm --batch 10 --json
# auto weights: the checkpoint's torch_dtype, or (a config.json without one) the default fp16, not called the checkpoint's.
expect 0 '^qwen3-8b on 1 x a100-40g \(bf16 \(checkpoint\) weights' --model qwen3-8b --gpu a100-40g
expect 0 '^qwen3-4b on 1 x a100-40g \(fp16 \(default: no torch_dtype\) weights' "${base[@]}"
expect 0 '"precision_source":"default","kv_precision":"fp16","weight_bytes_per_param":2,' "${base[@]}" --json
expect 0 '"precision_source":"checkpoint","kv_precision":"bf16",' --model qwen3-8b --gpu a100-40g --json
# --request: the exit code comes from the result (a refusal through --request once exited 0).
expect 0 '"level":"fits"' --request '{"model":"qwen3-4b","gpu":"a100-40g","precision":"fp16"}'
expect 0 '"level":"tight"' --request '{"model":"llama-3-70b","gpu":"a100-80g","tp":2,"batch":8}'
expect 3 '"level":"refused"' --request '{"model":"qwen3-4b","gpu":"a100-40g","precision":"fp16","batch":128}'
expect 3 '"verdict":"weights_do_not_fit"' --request '{"model":"llama-3-70b","gpu":"a100-80g"}'
expect 2 '"field":"batch"' --request '{"model":"qwen3-4b","gpu":"a100-40g","batch":0}'
expect 0 "TIGHT" --model llama-3-70b --gpu a100-80g --tp 2 --batch 8
expect 0 '"level":"tight"' --model llama-3-70b --gpu a100-80g --tp 2 --batch 8 --json
expect 2 '"code":"file"' --request '{"model":"qwen3-4b","gpu":"a100-40g"}' --config /nonexistent/config.json
# Flags and --request are one input path: the same key, the same error, the same exit code.
expect 2 '"code":"json_type","status":7,"field":"pool_fraction"' "${base[@]}" --pool-fraction abc --json
expect 2 '"code":"json_type","status":7,"field":"pool_fraction"' --request '{"model":"qwen3-4b","gpu":"a100-40g","pool_fraction":"abc"}'
expect 2 '"code":"range".*"field":"batch"' "${base[@]}" --batch 0 --json
expect 2 '"code":"usage".*"field":"--bogus"' "${base[@]}" --bogus 1 --json
expect 2 '"code":"usage".*needs a value' "${base[@]}" --json --batch
expect 2 '"code":"usage".*takes no value' "${base[@]}" --desktop=1 --json
expect 2 '"code":"usage".*unexpected argument' "${base[@]}" stray --json
expect 2 '"code":"usage".*--request' --request '{"model":"qwen3-4b","gpu":"a100-40g"}' --batch 2
expect 2 '"code":"file".*cannot open' "${base[@]}" --config /nonexistent/config.json --json
expect 2 '"code":"unknown_preset"' --model no-such-model --gpu a100-40g --json
expect 2 '"field":"model"' --gpu a100-40g --json
# The last of a repeated flag wins; an override on a preset keeps the preset's other figures.
expect 0 '"batch":3,' "${base[@]}" --batch 2 --batch 3 --json
expect 0 '"name":"a100-40g \(custom\)","tflops":100,' "${base[@]}" --tflops 100 --json
# A switch never overrides its field given as a flag, in either order.
expect 0 '"context_reserve_gib":0.8' "${base[@]}" --context-reserve-gib 0.8 --desktop --json
expect 0 '"context_reserve_gib":0.8' "${base[@]}" --desktop --context-reserve-gib 0.8 --json
expect 0 '"context_reserve_gib":1[,}]' "${base[@]}" --desktop --json
expect 0 '"micro_batches":2' "${base[@]}" --pp 2 --batch 4 --micro-batch 2 --json
expect 0 '"micro_batches":2' "${base[@]}" --pp 2 --batch 4 --micro-batches 2 --json
# The parameters-only estimate: 0 when the GPUs given hold the weights, 3 when not.
expect 0 "estimated from the size alone" --params 7B --gpu h100-sxm
expect 3 '"gpus_needed":2' --params 70B --gpu h100-sxm --json
expect 0 '"gpus_needed":2' --params 70B --gpu h100-sxm --tp 2 --json
# The size-only estimate says whether the GPUs given hold the weights, not only the exit code.
expect 3 'verdict +DOES NOT FIT on the 1 GPU\(s\) given \(tp 1 x pp 1\): the weights need 2, each GPU is short by 60.39 GiB' --params 70B --gpu h100-sxm
expect 0 'verdict +the weights fit on the 2 GPU\(s\) given' --params 70B --gpu h100-sxm --tp 2
# Reserves over the pool: usable per GPU is none and by how much (text and Markdown), never a negative size; JSON keeps the figure.
over=(--params 1B --gpu t4 --pool-fraction 0.05 --context-reserve-gib 4)
expect 3 "usable per GPU +none: 3.14 GiB over" "${over[@]}"
expect 3 "\| usable per GPU \| none: 3.14 GiB over \|" "${over[@]}" --format md
expect 3 "\"usable_gib_per_gpu\":-3.137" "${over[@]}" --json
expect 3 '"gpus":1,"fits":false' --params 70B --gpu h100-sxm --json
# Weights that do not fit: no intensity, roof or lever, in the text or the JSON; the reason instead.
est_refused="$("$cli" --params 70B --gpu h100-sxm 2>&1; "$cli" --params 70B --gpu h100-sxm --json 2>&1)"
if printf '%s' "$est_refused" | grep -Eq 'bottleneck +not computed: this deployment cannot run' &&
   ! printf '%s' "$est_refused" | grep -Eqi 'attainable|levers|decode intensity|TFLOPS|decode_ai|ridge'; then
  ok
else
  bad "a size whose weights do not fit shows a throughput figure: $est_refused"
fi
# Its ways out are the full analysis's remedies, in their sentences, in the text and in Markdown.
expect 3 '  - Store the weights in fp8 \(now fp16\)\.' --params 70B --gpu h100-sxm
expect 3 '  - Store the weights in int4 \(now fp16\) and split them over 2 GPUs with tensor parallelism: tp=2\.' --params 70B --gpu rtx-4090
expect 3 '"code":"lower_precision_more_tp","message":"[^"]*","value":"int4","tp":2' --params 70B --gpu rtx-4090 --json
expect 3 '用张量并行把模型拆到更多 GPU 上：tp=8' --params 70B --gpu rtx-4090 --lang zh
expect 3 '^- Use GPUs with at least 148.44 GiB of memory each\.' --params 70B --gpu rtx-4090 --format md
expect 0 '^\| attainable \| 3.35 TFLOPS \|' --params 70B --gpu h100-sxm --precision fp8 --format md
# Nothing left after the reserves: no GPU count holds the weights, and the one way out is a bigger GPU.
expect 3 'GPUs needed +none: the engine.s reserves leave no room for weights on this GPU' --params 7B --bandwidth-gbs 100 --vram-gib 0.5
est_md="$("$cli" --params 70B --gpu rtx-4090 --format md 2>&1)"
if printf '%s' "$est_md" | grep -q '^\*\*Verdict: does not fit\*\*' && ! printf '%s' "$est_md" | grep -Eqi 'attainable|levers|TFLOPS|FLOP/byte'; then
  ok
else
  bad "a size estimate in Markdown is no Markdown, or shows a throughput for weights that do not fit: $est_md"
fi
expect 2 '"field":"params"' --params 7Q --gpu h100-sxm --json
# An unknown draft names its own field in its message, and lists "mtp" with the model presets (whole ids only).
expect 2 '"field":"spec_draft","message":"spec_draft: no model preset is named ..int4..; known: mtp, deepseek-r1[-a-z0-9]*, .*[a-z0-9], \.\.\."' --request '{"model":"qwen3-8b","gpu":"h200-sxm","spec_draft":"int4"}' --json
# --format md: the verdict, the figures and the roofline as SVG; a refusal has no time in it.
expect 0 '<svg .*aria-label="Roofline' "${base[@]}" --format md
expect 0 "decode step \\| [0-9.]+ ms" "${base[@]}" --format md
expect 3 "Verdict: does not fit" "${base[@]}" --batch 128 --format md
refused_md="$("$cli" "${base[@]}" --batch 128 --format md 2>&1)"
if printf '%s' "$refused_md" | grep -Eq ' ms\b|tok/s|<svg'; then
  bad "the Markdown of a refusal shows a time or a chart"
else ok; fi
# With the engine's expected figures and, given a workload, the cost: the text report's lines as rows, each
# figure the JSON's (the monthly cloud cost, the loaded step), and a refusal with a workload has neither.
work=(--requests-per-day 10000 --input-tokens 1000 --output-tokens 500)
# A disaggregated deployment's cost names both pools and the one that binds, as its JSON does (cost.disaggregated).
dis=(--model llama-3-70b --gpu h100-sxm --precision fp8 --tp 4 --prefill-instances 1 --prefill-tp 2 --decode-instances 1
  --requests-per-day 200000 --input-tokens 1900 --output-tokens 100)
dis_json="$("$cli" "${dis[@]}" --json 2>&1)"
dis_pool="$(printf '%s' "$dis_json" | grep -o '"disaggregated":{[^}]*"limited_by":"[a-z]*"' | grep -o '[a-z]*"$' | tr -d '"')"
if [ -n "$dis_pool" ] && "$cli" "${dis[@]}" 2>&1 | grep -q "both pools, 2 prefill + 4 decode GPUs, held for each request: .* limited by the $dis_pool pool"; then
  ok
else bad "the disaggregated cost line names both pools and the binding one ($dis_pool)"; fi
# Its colocated prefill lines say they are a decode instance's, not the deployment's first token; a plain run's do not.
expect 0 'time to first token [0-9.]+ ms \(floor [0-9.]+ ms\) \(a decode instance prefilling alone' "${dis[@]}"
if "$cli" --model llama-3-70b --gpu h100-sxm --tp 2 --precision fp8 2>&1 | grep -q 'prefilling alone'; then bad "a colocated run's TTFT is not the decode instance's"; else ok; fi
expect 0 '^\| decode step \| expected [0-9.]+ ms \(band' "${base[@]}" --format md
expect 0 '^### assumptions$' "${base[@]}" --format md
priced=(--model llama-3-70b --gpu h100-sxm --tp 2 --batch 16 --precision fp8)
md_cost="$("$cli" "${priced[@]}" "${work[@]}" --format md 2>&1)"
json_cost="$("$cli" "${priced[@]}" "${work[@]}" --json 2>&1)"
cloud="$(printf '%s' "$json_cost" | grep -o '"cloud":{[^}]*"monthly_usd":[0-9.e+-]*' | grep -o '[0-9.e+-]*$')"
loaded="$(printf '%s' "$json_cost" | grep -o '"loaded_step_ms":[0-9.e+-]*' | grep -o '[0-9.e+-]*$')"
cloud2="$(printf '%.2f' "$cloud")"
loaded4="$(printf '%.4g' "$loaded")"
if [ -n "$cloud" ] && [ -n "$loaded" ] && printf '%s' "$md_cost" | grep -q "^| cloud | \$$cloud2/month" &&
   printf '%s' "$md_cost" | grep -q "^| per user | .*a step of $loaded4 ms" && printf '%s' "$md_cost" | grep -q '^### Where each figure comes from$'; then
  ok
else
  bad "the Markdown report's cost is not the JSON's (cloud $cloud2, loaded step $loaded4)"
fi
refused_cost_md="$("$cli" --model llama-3-70b --gpu a100-80g "${work[@]}" --format md 2>&1)"
if ! printf '%s' "$refused_cost_md" | grep -q 'Verdict: does not fit' || printf '%s' "$refused_cost_md" | grep -Eq ' ms\b|tok/s|<svg|\$|Expected|Cost'; then
  bad "the Markdown of a refusal with a workload shows a time, a cost or the expected figures"
else ok; fi
expect 2 '"code":"usage".*--format' "${base[@]}" --format pdf --json
# A command the engine refuses to start carries no time of any kind, the engine's expected figures included.
lint_refused="$("$cli" --lint 'vllm serve Qwen/Qwen3-8B' --gpu rtx-4090 --json 2>&1)"
if printf '%s' "$lint_refused" | grep -q '"verdict":"refused"' && ! printf '%s' "$lint_refused" | grep -Eq '"(tokens_per_s|step_ms|ttft_ms|prefill_ms)"'; then
  ok
else
  bad "a refused lint carries a time"
fi
# A command the engine refuses though the memory fits: the report's takeaway names no bound (none was
# computed; it said "compute-bound" for a memory-bound setup) and says the engine refuses.
lint_refused_fit="$("$cli" --lint 'vllm serve Qwen/Qwen3-8B --max-model-len 50000 --max-num-seqs 4' --gpu h100-sxm 2>&1)"
if printf '%s' "$lint_refused_fit" | grep -q 'Verdict: refused' && printf '%s' "$lint_refused_fit" | grep -q '^Takeaway: the memory fits, but the engine refuses' &&
  ! printf '%s' "$lint_refused_fit" | grep -Eq 'bound:|-bound'; then
  ok
else
  bad "a lint the engine refuses ends on a takeaway with a bound"
fi
# A tight fit whose engine budget holds no request: no engine estimate, and no negative room in the words.
tight_none="$("$cli" --model qwen3-32b --vram-gib 64 --bandwidth-gbs 2000 --tflops 500 --seq 2048 2>&1)"
if printf '%s' "$tight_none" | grep -q 'verdict  *TIGHT' && printf '%s' "$tight_none" | grep -q 'not one request fits' &&
  ! printf '%s' "$tight_none" | grep -Eq '^Expected|leaves -[0-9]'; then
  ok
else
  bad "a tight fit with no request in the engine's budget shows an engine estimate or a negative room"
fi
# The serve command names its engine: the report's expected figures are that engine's.
expect 0 '"realistic":\{[^}]*"engine":"llama.cpp"' --lint 'llama-server -m Qwen3-8B-Q4_K_M.gguf -c 8192 -np 2' --gpu rtx-4090 --json
expect 0 '"realistic":\{[^}]*"engine":"sglang"' --lint 'python -m sglang.launch_server --model-path Qwen/Qwen3-8B --context-length 4096' --gpu h100-sxm --json
# Modes with options of their own come first.
expect 2 '"code":"usage".*--plan: must be the first flag' "${base[@]}" --plan --json
expect 2 '"code":"usage".*--accuracy: must be the first flag' "${base[@]}" --accuracy --json
# An out-of-range value is echoed to its last digit, as given (%g wrote 1048577 as 1.04858e+06).
expect 2 'batch must be an integer from 1 to 1048576 \(got 1048577\)' --model llama-3-8b --gpu h100-sxm --batch 1048577
expect 2 'at most 1e\+06 TFLOPS \(got 9999999\)' --model llama-3-8b --tflops 9999999 --bandwidth-gbs 100 --vram-gib 80
# -0 is 0, from a flag and from a request: never "-0" in the output.
expect 0 '"weight_overhead":0,' --model llama-3-8b --gpu h100-sxm --weight-overhead -0 --json
expect 0 '"launch_ms":0,' --request '{"model":"llama-3-8b","gpu":"h100-sxm","launch_ms":-0}'
# --plan's own options are read whole, as the table's flags are: a bad value is an error naming the flag, not 0.
plan=(--plan --model qwen3-8b --requests-per-day 1000 --input-tokens 500 --output-tokens 200)
expect 2 '"code":"not_integer","status":3,"field":"--top"' "${plan[@]}" --top abc --json
expect 2 '"code":"range","status":2,"field":"--top"' "${plan[@]}" --top -1 --json
expect 2 '"field":"--max-ttft-ms".*above 0' "${plan[@]}" --max-ttft-ms 0 --json
expect 2 '"field":"--min-tokens-per-s-user".*above 0' "${plan[@]}" --min-tokens-per-s-user abc --json
expect 2 '"field":"--gpus"' "${plan[@]}" --gpus ,,, --json
expect 0 '"searched":48,' "${plan[@]}" --gpus h100-sxm,h100-sxm --json
# --plan's errors carry their own code, and their JSON stays valid with a quoted name in the message.
plan_err="$("$cli" --plan --model nope --requests-per-day 10 --input-tokens 5 --output-tokens 5 --json 2>&1)"
if printf '%s' "$plan_err" | node -e 'const e = JSON.parse(require("fs").readFileSync(0, "utf8")).error; process.exit(e.code === "unknown_preset" && e.field === "model" && /"nope"/.test(e.message) ? 0 : 1)'; then
  ok
else
  bad "--plan --json error is not valid JSON naming unknown_preset: $plan_err"
fi
expect 0 "Models" --list
# --list --prices: every GPU and model preset, its figures dated, the idle rule and a stale star shown, and the counts.
out="$("$cli" --list --prices)"; rc=$?
count="$(printf '%s\n' "$out" | sed -n 's/^Priced to buy: \([0-9]*\) of.*/\1/p')"
[ "$rc" -eq 0 ] && [ -n "$count" ] && [ "$count" -ge 20 ] && printf '%s' "$out" | grep -q '^  h100-sxm .*\$30000 (2026-12-01).*\$3.99/h (2026-11-09).*, rule)' \
  && printf '%s' "$out" | grep -q '^  rtx-4090 .*(2022-10-11 \*)' && printf '%s' "$out" | grep -q 'API prices: [0-9]* of' \
  && ok || bad "--list --prices: dated figures, the idle rule, a stale star and the counts (got $rc, priced to buy: $count)"
# The counts in its last line are the rows above it: a GPU row is priced to buy when its price and both powers
# are there (not "-"), to rent when its rate is; a model is counted when it has a row.
rows="$(printf '%s\n' "$out" | awk -F'  +' '
  /^Model API prices/ { models = 1; next }
  /^  [a-z0-9]/ && !models && NF >= 6 { b = ($3 != "-" && $5 != "-" && $6 != "-"); c = ($4 != "-"); buy += b; rent += c; both += b && c }
  /^  [a-z0-9]/ && models { apis++ }
  END { printf "Priced to buy: %d of .* to rent: %d; both: %d. API prices: %d of", buy, rent, both, apis }')"
printf '%s\n' "$out" | grep -q "^$rows" && ok || bad "--list --prices: the counts line agrees with the rows (rows give: $rows)"
expect 0 "usage" --help
# --help comes from the field table: every row's flag is in it.
fields="$(dirname "$0")/../../core/fields.json"
flags="$(grep -o '"flag": "--[a-z0-9-]*"' "$fields" | cut -d'"' -f4)"
[ "$(printf '%s\n' "$flags" | wc -l)" -ge 20 ] || bad "read fewer than 20 flags from $fields"
for flag in $flags; do
  expect 0 "^  ${flag} " --help
done

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

# --lint: a serve command with the GPU it does not name; exit codes as for an analysis.
ex='vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 --max-num-seqs 256 --gpu-memory-utilization 0.9 --kv-cache-dtype fp8'
expect 0 'Verdict: tight' --lint "$ex" --gpu h100-sxm
expect 0 '"verdict":"tight".*"corrected_command":"vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 --max-num-seqs 55 ' --lint "$ex" --gpu h100-sxm --json
expect 0 '"verdict":"fits"' --lint 'vllm serve Qwen/Qwen3-8B --max-model-len 8192 --max-num-seqs 16' --gpu h100-sxm --json
expect 3 'vllm_max_model_len_too_long' --lint 'vllm serve Qwen/Qwen3-8B' --gpu rtx-4090
expect 3 '"verdict":"refused"' --lint 'python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B --tp 2 --mem-fraction-static 0.5' --gpu a100-80g --json
expect 3 'llama_kv_does_not_fit' --lint 'llama-server -m Qwen3-8B-F16.gguf -c 163840 -np 4' --gpu rtx-4090
expect 0 '"ignored":\["--port","--host"\]' --lint 'vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4 --port 8000 --host 0.0.0.0' --gpu h100-sxm --json
# The GPU as a request object (what the page and the determinism test send): JSON out.
expect 0 '"verdict":"tight"' --lint "$ex" --request '{"gpu":"h100-sxm"}'
expect 2 '"code":"usage".*--request' --lint "$ex" --request '{"gpu":"h100-sxm"}' --batch 2
# A custom GPU, since a serve command names none.
expect 0 '"verdict":"fits"' --lint 'vllm serve Qwen/Qwen3-8B --max-model-len 4096 --max-num-seqs 4' --bandwidth-gbs 3350 --vram-gib 80 --tflops 989 --json
# --config: the model comes from the file; the command's id is only recorded.
printf '%s' '{"hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"vocab_size":100,"max_position_embeddings":2048}' >"$tmp/lintcfg.json"
expect 0 '"model":"acme/Tiny".*"verdict":"fits"' --lint 'vllm serve acme/Tiny --max-num-seqs 2' --config "$tmp/lintcfg.json" --gpu t4 --json
expect 2 '"code":"unknown_preset".*--config' --lint 'vllm serve acme/Tiny' --gpu t4 --json
# ... unless the local Hugging Face cache holds its config.json (refs/main names the snapshot).
mkdir -p "$tmp/hf/hub/models--acme--Tiny/snapshots/0123abc" "$tmp/hf/hub/models--acme--Tiny/refs"
cp "$tmp/lintcfg.json" "$tmp/hf/hub/models--acme--Tiny/snapshots/0123abc/config.json"
printf '0123abc' >"$tmp/hf/hub/models--acme--Tiny/refs/main"
export HF_HOME="$tmp/hf"
expect 0 '"model":"acme/Tiny".*"verdict":"fits"' --lint 'vllm serve acme/Tiny --max-num-seqs 2' --gpu t4 --json
expect 0 'Hugging Face cache: .*models--acme--Tiny/snapshots/0123abc/config.json' --lint 'vllm serve acme/Tiny --max-num-seqs 2' --gpu t4
expect 2 '"code":"unknown_preset"' --lint 'vllm serve acme/Other' --gpu t4 --json
unset HF_HOME
# A model given as a local folder: its own config.json.
mkdir -p "$tmp/models/tiny" && cp "$tmp/lintcfg.json" "$tmp/models/tiny/config.json"
expect 0 'comes from its folder' --lint "vllm serve $tmp/models/tiny --max-num-seqs 2" --gpu t4
expect 2 '"field":"lint".*never closed' --lint "vllm serve 'Qwen/Qwen3-8B" --gpu h100-sxm --json
expect 2 '"field":"--max-num-seqs"' --lint 'vllm serve Qwen/Qwen3-8B --max-num-seqs many' --gpu h100-sxm --json
expect 2 '"field":"gpu"' --lint 'vllm serve Qwen/Qwen3-8B' --json
expect 2 '"code":"usage".*"field":"--lint".*needs a value' --json --lint
# --hf org/name: the local Hugging Face cache under a temporary HF_HOME, no network.
# Two snapshots of acme/tiny: aaa (2 layers, the newer file) and bbb (3 layers), which refs/main names.
hub="$tmp/hf/hub/models--acme--tiny"
mkdir -p "$hub/snapshots/aaa" "$hub/snapshots/bbb" "$hub/refs"
cp "$tmp/ok.json" "$hub/snapshots/aaa/config.json"
sed 's/"num_hidden_layers":2/"num_hidden_layers":3/' "$tmp/ok.json" >"$hub/snapshots/bbb/config.json"
printf '{"metadata":{"total_size":1234},"weight_map":{}}' >"$hub/snapshots/bbb/model.safetensors.index.json"
touch -d '2024-01-01 00:00:00' "$hub/snapshots/bbb/config.json"
touch -d '2025-01-01 00:00:00' "$hub/snapshots/aaa/config.json"
printf 'bbb\n' >"$hub/refs/main"
export HF_HOME="$tmp/hf"
expect 0 '"layers":3,' --hf acme/tiny --gpu t4 --json
expect 0 'snapshot bbb, refs/main' --hf acme/tiny --gpu t4
# The snapshot's index is read as --index: its 1234 bytes set beside the count (an empty weight_map names no parts).
expect 0 'checkpoint +the index holds 617 parameters \(1234 bytes at 2 B each\)' --hf acme/tiny --gpu t4
expect 0 '"checkpoint":\{"total_size":1234,"tensors":0,' --hf acme/tiny --gpu t4 --json
rm "$hub/refs/main"
expect 0 '"layers":2,' --hf acme/tiny --gpu t4 --json
expect 0 'snapshot aaa\)' --hf acme/tiny --gpu t4
expect 2 "\"code\":\"file\".*--hf acme/none.*$tmp/hf/hub/models--acme--none/snapshots" --hf acme/none --gpu t4 --json
expect 2 "no config.json in the local Hugging Face cache" --hf acme/none --gpu t4
expect 2 '"code":"usage".*org/name' --hf not-a-repo-id --gpu t4 --json
expect 2 '"code":"usage".*org/name' --hf ../etc --gpu t4 --json
expect 2 '"code":"usage".*--hf and --config' --hf acme/tiny --config "$tmp/ok.json" --gpu t4 --json
HF_HUB_CACHE="$tmp/hf/hub" HF_HOME="$tmp/elsewhere" expect 0 '"layers":2,' --hf acme/tiny --gpu t4 --json
HF_HOME="" HOME="$tmp/home" expect 2 "$tmp/home/.cache/huggingface/hub/models--acme--tiny/snapshots" --hf acme/tiny --gpu t4
unset HF_HOME

# --index: a model.safetensors.index.json's exact size beside the count, and the parts its tensor names show.
# Qwen3-0.6B ties its embeddings yet stores lm_head.weight: the index holds 151936 x 1024 more parameters.
printf '{"metadata": {"total_size": 1503264768}, "weight_map": {"lm_head.weight": "a", "model.layers.27.mlp.down_proj.weight": "b"}}' >"$tmp/q06.index.json"
q06=(--config "$(dirname "$0")/../configs/Qwen--Qwen3-0.6B.json" --gpu h100-sxm --index "$tmp/q06.index.json")
expect 0 'checkpoint +the index holds 751632384 parameters \(1503264768 bytes at 2 B each\); counted 596049920: it holds 155582464 more \(20\.7%\)' "${q06[@]}"
expect 0 'lm_head\.weight is stored though tie_word_embeddings makes it the input table: 155582464 parameters' "${q06[@]}"
expect 0 'the parts below account for the whole difference' "${q06[@]}"
expect 0 '"matches":false,"explained":true,"parts":\[\{"code":"lm_head_stored","count":1,"params":155582464\}\]' "${q06[@]}" --json
expect 0 '检查点 +索引中有 751632384 个参数' "${q06[@]}" --lang zh
printf '{"metadata": {"total_size": 16381470720}, "weight_map": {"model.layers.35.mlp.down_proj.weight": "b", "lm_head.weight": "a"}}' >"$tmp/q8.index.json"
expect 0 'checkpoint +the index holds 8190735360 parameters \(16381470720 bytes at 2 B each\): the count matches' --model qwen3-8b --gpu h100-sxm --index "$tmp/q8.index.json"
# A refusal still sets the count beside the index (it is the model's, not the deployment's).
expect 3 '"verdict":"weights_do_not_fit".*"checkpoint":\{"total_size":16381470720' --model qwen3-8b --gpu l4 --precision fp32 --index "$tmp/q8.index.json" --json
printf '{"metadata": {}, "weight_map": {}}' >"$tmp/bad.index.json"
expect 2 '"code":"json_missing","status":[0-9]+,"field":"index.metadata.total_size"' --model qwen3-8b --gpu h100-sxm --index "$tmp/bad.index.json" --json
printf '{"metadata": {"total_size": 12.5}}' >"$tmp/bad.index.json"
expect 2 '"field":"index.metadata.total_size".*got 12\.5' --model qwen3-8b --gpu h100-sxm --index "$tmp/bad.index.json" --json
printf '{"metadata": {"total_size": 10}, "weight_map": {"a": ' >"$tmp/bad.index.json"
expect 2 '"code":"json_syntax","status":[0-9]+,"field":"index"' --model qwen3-8b --gpu h100-sxm --index "$tmp/bad.index.json" --json
expect 2 '"field":"--index"' --model qwen3-8b --gpu h100-sxm --index "$tmp/none.index.json" --json
expect 2 '"code":"contradiction","status":[0-9]+,"field":"checkpoint"' --params 8B --gpu h100-sxm --index "$tmp/q8.index.json" --json
# A config whose layers are not modeled (Nemotron-H's Mamba-2 mixers) is refused; with its index it is
# sized from it: the weights exactly (16218071040 bytes, 8109035520 parameters at 2 B), the refusal kept.
printf '%s' '{"model_type": "nemotron_h", "hidden_size": 4096, "num_hidden_layers": 4, "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 21504, "vocab_size": 131072, "hybrid_override_pattern": "M-M*", "time_step_limit": [0.0, Infinity]}' >"$tmp/nh.json"
printf '{"metadata": {"total_size": 16218071040}, "weight_map": {"lm_head.weight": "a"}}' >"$tmp/nh.index.json"
expect 2 '"code":"unsupported","status":[0-9]+,"field":"config.hybrid_override_pattern"' --config "$tmp/nh.json" --gpu h100-sxm --json
expect 0 '"sized_from":"index","index_bytes":16218071040,"unmodeled":\{"code":"unsupported","status":[0-9]+,"field":"config.hybrid_override_pattern".*"params":8109035520,' --config "$tmp/nh.json" --gpu h100-sxm --index "$tmp/nh.index.json" --json
expect 0 "sized from the checkpoint's index \(16218071040 bytes, exact\)" --config "$tmp/nh.json" --gpu h100-sxm --index "$tmp/nh.index.json"
expect 0 'not modeled +config\.hybrid_override_pattern: Mamba-2 layers' --config "$tmp/nh.json" --gpu h100-sxm --index "$tmp/nh.index.json"
expect 0 '未建模 +config\.hybrid_override_pattern：' --config "$tmp/nh.json" --gpu h100-sxm --index "$tmp/nh.index.json" --lang zh
expect 3 '"sized_from":"index".*"fits":false' --config "$tmp/nh.json" --gpu t4 --index "$tmp/nh.index.json" --json
# Only an unmodeled layer kind falls back to the index; any other error in the config is still that error.
sed 's/"hybrid_override_pattern": "M-M[*]", //; s/"hidden_size": 4096/"hidden_size": 0/' "$tmp/nh.json" >"$tmp/nh0.json"
expect 2 '"field":"config.hidden_size"' --config "$tmp/nh0.json" --gpu h100-sxm --index "$tmp/nh.index.json" --json

# --gpu-layers (llama.cpp -ngl): the split fit, its host RAM refusal, and the inputs offload needs.
ngl=(--model llama-3-8b --gpu rtx-4090 --precision fp16 --engine llama.cpp)
expect 0 '"offload":\{"gpu_layers":20,"layers_on_host":12' "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --host-memory ddr5-5600-2ch --json
expect 0 'Offload \(llama.cpp -ngl 20: 20 of 32 layers on the GPU\)' "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --host-memory ddr5-5600-2ch
expect 3 '"verdict":"host_ram_does_not_fit"' "${ngl[@]}" --gpu-layers 0 --ram-gib 8 --cpu-bandwidth-gbs 50 --json
expect 2 '"code":"range".*"field":"ram_gib"' "${ngl[@]}" --gpu-layers 20 --json
expect 2 '"code":"range".*"field":"cpu_bandwidth_gbs"' "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --json
expect 2 '"field":"gpu_layers"' "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --host-memory ddr4-3200-2ch --tp 2 --json
expect 3 '"code":"fewer_gpu_layers".*"value":12' --model llama-3-70b --gpu rtx-4090 --precision fp16 --gpu-layers 60 --ram-gib 128 --host-memory ddr5-5600-2ch --json

# --lang (tests/c/cli_lang_test.mjs walks the words): the same exit codes; another value names --lang and the accepted ones.
expect 0 "结论 +装得下" "${base[@]}" --lang zh
expect 3 "装不下" "${base[@]}" --batch 128 --lang zh
expect 0 "偏紧" --model llama-3-70b --gpu a100-80g --tp 2 --batch 8 --lang zh
expect 2 '"code":"unknown_name".*"field":"--lang".*en or zh' "${base[@]}" --lang fr --json
expect 2 '--lang must be en or zh \(got "fr"\)' "${base[@]}" --lang=fr

# An error line names its field once: the line gives the flag, so a sentence that opens with its own
# field ("spec_tokens: ...", zh "{field}：...") drops that opening. Not "--spec-tokens: spec_tokens: ...".
once() {
  local want="$1" flag="$2"
  shift 2
  local out rc
  out="$("$cli" "$@" 2>&1 >/dev/null | head -1)"
  rc=$("$cli" "$@" >/dev/null 2>&1; echo $?)
  if [ "$rc" -eq "$want" ] && printf '%s' "$out" | grep -Fq -- " $flag: " &&
    ! printf '%s' "$out" | grep -Eq -- " $flag: ([a-z0-9_]+: |--[a-z0-9-]+(: |：))"; then
    ok
  else
    bad "roofline-lint $*: want exit $want and $flag named once, got exit $rc: $out"
  fi
}
# The native vector runner pins the rule an error broke (as tests/web/vector-rules.test.js does the wasm
# runner's): the why and its values must be the vector's; a why left unpinned fails too.
mkdir -p "$tmp/why"
why_vector() {
  printf '{"vectors": [{"name": "w", "comment": "c", "input": {"model": "qwen3-4b", "gpu": "a100-40g", "spec_draft": "qwen3-0.6b", "spec_tokens": 4, "spec_accept": 0.7, "pp": 2}, "error": {"code": "unsupported", "field": "spec_tokens"%s}}]}' "$1" >"$tmp/why/v.json"
}
why_vector ', "why": "spec_with_pp", "values": {"pp": "2"}'
expect 0 "1 passed, 0 failed" --selftest --vectors "$tmp/why"
why_vector ''
expect 1 "why is \"spec_with_pp\", the vector pins \"\"" --selftest --vectors "$tmp/why"
why_vector ', "why": "offload_parallel", "values": {"pp": "2"}'
expect 1 "the vector pins \"offload_parallel\"" --selftest --vectors "$tmp/why"
why_vector ', "why": "spec_with_pp", "values": {"pp": "3"}'
expect 1 "values differ from the vector's" --selftest --vectors "$tmp/why"
why_vector ', "why": "spec_with_pp"'
expect 1 "values differ from the vector's" --selftest --vectors "$tmp/why"

spec=(--model llama-3-8b --gpu h100-sxm --spec-draft llama-3.2-1b --spec-tokens 4 --spec-accept 0.7 --pp 2)
once 2 --spec-tokens "${spec[@]}"
once 2 --spec-tokens "${spec[@]}" --lang zh
once 2 --gpu-layers "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --host-memory ddr5-5600-2ch --tp 2
once 2 --gpu-layers "${ngl[@]}" --gpu-layers 20 --ram-gib 64 --host-memory ddr5-5600-2ch --tp 2 --lang zh
once 2 --ram-gib "${ngl[@]}" --gpu-layers 20
once 2 --model --compare "--gpu a100-40g" "${base[*]}"
once 2 --ram-gib --plan --model qwen3-4b --gpus a100-40g --requests-per-day 1000 --input-tokens 500 --output-tokens 200 --gpu-layers 3

# --requests FILE: one answer a line, each byte for byte what --request prints for that line; a blank
# line asks nothing; exit 3 when a setup is refused, 2 when a line is bad (the lines after it still answered).
fit='{"model":"qwen3-4b","gpu":"a100-40g"}'
refused='{"model":"qwen3-4b","gpu":"a100-40g","batch":128}'
printf '%s\n\n%s\n' "$fit" "$refused" >"$tmp/requests.ndjson"
out="$("$cli" --requests "$tmp/requests.ndjson")"; rc=$?
[ "$rc" -eq 3 ] && ok || bad "--requests with a refused setup exits 3 (got $rc)"
want="$("$cli" --request "$fit")
$("$cli" --request "$refused")"
[ "$out" = "$want" ] && ok || bad "--requests answers each line as --request does, and a blank line not at all"
out="$(printf '%s\n' "$fit" "$fit" | "$cli" --requests -)"; rc=$?
[ "$rc" -eq 0 ] && [ "$(printf '%s\n' "$out" | grep -c '"verdict":"fits"')" -eq 2 ] && ok || bad "--requests - reads standard input; all fit: exit 0 (got $rc)"
out="$(printf '%s\n' '{"model":"qwen3-4b","gpu":"a100-40g","batch":0}' "$fit" | "$cli" --requests -)"; rc=$?
[ "$rc" -eq 2 ] && printf '%s' "$out" | head -1 | grep -q '"field":"batch"' && [ "$(printf '%s\n' "$out" | sed -n 2p | grep -c '"verdict":"fits"')" -eq 1 ] \
  && ok || bad "--requests: a bad line is its error, naming the field, the next line is still answered, exit 2 (got $rc: $out)"
head -c 70000 /dev/zero | tr '\0' ' ' >"$tmp/long.ndjson"
printf '%s\n' "$fit" >>"$tmp/long.ndjson"
out="$("$cli" --requests "$tmp/long.ndjson")"; rc=$?
[ "$rc" -eq 2 ] && printf '%s' "$out" | grep -q '"code":"too_large".*"field":"request"' && ok || bad "--requests: a line over 64 KiB is too_large on request (got $rc: ${out:0:300})"
expect 2 '"field":"--requests"' --requests "$tmp/no-such-file.ndjson"
expect 2 '"field":"--requests"' --requests "$tmp/requests.ndjson" --json
expect 2 'must be the first flag' --json --requests "$tmp/requests.ndjson"

finish
