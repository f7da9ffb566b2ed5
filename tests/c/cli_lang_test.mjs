// The CLI's --lang zh: the report, the lint, --compare, --plan, --list's headings
// and the errors worded from the page's zh-CN table (web/src/i18n/zh-CN.js, through core/scripts/gen-messages.mjs),
// numbers as in English, the same exit codes, and --json never translated.
// --lang may stand anywhere, before a mode flag too (--lang zh --plan ...).
// A report in zh holds none of the English table's words the CLI prints
// (cli.* and the lint's words), except where both tables say the same.
// Usage: node cli_lang_test.mjs path/to/roofline-lint
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { test } from 'node:test';

const cli = process.argv[2];
const en = (await import('../../web/src/i18n/en.js')).default;
const zh = (await import('../../web/src/i18n/zh-CN.js')).default;

const run = (args) => {
  const r = spawnSync(cli, args, { encoding: 'utf8' });
  return { rc: r.status, out: r.stdout, err: r.stderr };
};
const CJK = /[\u4e00-\u9fff]/;

// The English words of every CLI template that zh-CN words otherwise: the text
// between the holes, where it has a word of three letters or more.
const ENGLISH = [];
for (const [key, m] of Object.entries(en)) {
  if (!/^(cli\.|lint\.corrected$)/.test(key) || typeof m !== 'string' || m === zh[key]) continue;
  for (const part of m.split(/\{\w+\}/)) {
    const p = part.trim();
    if (/[A-Za-z]{3,}/.test(p) && !(typeof zh[key] === 'string' && zh[key].includes(p))) ENGLISH.push([key, p]);
  }
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The text the CLI words: not the lists of sources (assumptions, engine defaults,
 * cost sources: each line is checked against the page's words at the end), the codes it names (`fits`, a lever's code),
 * an engine's own log line quoted in “ ” (SGLang's "Not enough memory", as the user will find it in the log), nor the
 * SVG's markup, which are data in any language.
 */
function worded(text) {
  return text
    .split('\n')
    .filter((line) => !/^ {4}\S/.test(line) && !/^ {2}\S+ +\S+ {2}\(.*\)$/.test(line) && !/^ {2}- \S+ = /.test(line) && !/^- `[^`]+` = /.test(line) &&
      !line.startsWith('<'))
    .map((line) => line.replace(/`[^`]*`/g, '').replace(/“[^”]*”/g, '').replace(/^( {2}\d+\. )\S+/, '$1'))
    .join('\n');
}

const base = ['--model', 'qwen3-4b', '--gpu', 'a100-40g'];
const CASES = [
  { args: base, rc: 0, word: '装得下' },
  { args: ['--model', 'llama-3-70b', '--gpu', 'a100-80g', '--tp', '2', '--batch', '8'], rc: 0, word: '偏紧' },
  { args: [...base, '--batch', '128'], rc: 3, word: '装不下' },
  { args: ['--model', 'llama-3-70b', '--gpu', 'a100-80g'], rc: 3, word: '装不下' },
  { args: ['--model', 'llama-3.1-70b', '--gpu', 'h100-sxm', '--tp', '4', '--pp', '2', '--batch', '16', '--micro-batches', '3'], rc: 0, word: '装得下' },
  { args: ['--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--precision', 'fp16', '--gpu-layers', '20', '--ram-gib', '64', '--host-memory', 'ddr5-5600-2ch'], rc: 0, word: '装得下' },
  { args: ['--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--precision', 'fp16', '--gpu-layers', '0', '--ram-gib', '8', '--cpu-bandwidth-gbs', '50'], rc: 3, word: '装不下' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'm3-max-128g', '--batch', '4', '--kv-block', '16'], rc: 0, word: '装得下' },
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--spec-draft', 'qwen3-8b', '--spec-tokens', '8', '--spec-accept', '0.2'], rc: 0, word: '装得下' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'h100-sxm', '--batch', '8', '--format', 'md'], rc: 0, word: '结论：装得下' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'rtx-4090', '--precision', 'fp16', '--gpu-layers', '20', '--ram-gib', '64', '--host-memory', 'ddr5-5600-2ch', '--format', 'md'], rc: 0, word: '卸载' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'a100-40g', '--batch', '128', '--format', 'md'], rc: 3, word: '结论：装不下' },
  { args: ['--model', 'llama-3-70b', '--gpu', 'h100-sxm', '--tp', '2', '--batch', '16', '--precision', 'fp8', '--requests-per-day', '10000',
    '--input-tokens', '1000', '--output-tokens', '500', '--idle-watts', '100', '--format', 'md'], rc: 0, word: `### ${zh['cli.cost.sources']}` },
  { args: ['--params', '8B', '--gpu', 'rtx-4090', '--batch', '4'], rc: 0, word: '最多' },
  // The engine's formats: the warning names the engine and the format from the report's values.
  { args: ['--model', 'qwen3-8b', '--gpu', 'rtx-4090', '--precision', 'fp8', '--engine', 'llama.cpp'], rc: 0, word: 'llama.cpp 不能运行 fp8 格式的权重' },
  { args: ['--model', 'gpt-oss-20b', '--gpu', 'h100-sxm', '--engine', 'gpt-fast'], rc: 0, word: 'gpt-fast 不能运行 mxfp4 格式的权重' },
  // An engine without a pool: the budget says so, not "100% of the GPU".
  { args: ['--model', 'qwen3-8b', '--gpu', 'm4-max-128g'], rc: 0, word: '整张 GPU：llama.cpp 没有内存池' },
  // The prefill step's activations: the engine's own chunk, or the whole prompt as gpt-fast runs it.
  { args: ['--model', 'llama-3-8b', '--gpu', 'h100-sxm', '--seq', '8192'], rc: 0, word: '0.6567 GiB（按 vllm 自己的分块，一步预填充 8192 token + 整个批次的 logits）' },
  { args: ['--model', 'llama-3-8b', '--gpu', 'h100-sxm', '--engine', 'gpt-fast'], rc: 0, word: '1.01 GiB（gpt-fast 一步预填充整个 4096 token 的提示，峰值在输出层：每个 token 的 logits 及其隐藏状态 + 整个批次的 logits）' },
  { args: ['--model', 'llama-3-8b', '--gpu', 'h100-sxm', '--engine', 'llama.cpp'], rc: 0, word: '0.2524 GiB（按 llama.cpp 自己的分块，一步预填充 512 token，峰值在输出层：每个 token 的 logits 及其隐藏状态；整个批次的 logits 拷贝到主机内存）' },
  // TensorRT-LLM's pool, a share of the free memory: the budget line, the tight warning and its way out say so.
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'trt-llm', '--prefill-chunk', '2048'], rc: 0, word: '剩下的 16.88 GiB 中的 90%：trt-llm 的 KV 缓存' },
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'trt-llm', '--prefill-chunk', '2048'], rc: 0, word: '空闲内存的 90% 给 KV 缓存：15.18 GiB' },
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'trt-llm', '--prefill-chunk', '2048'], rc: 0, word: '（TensorRT-LLM --kv_cache_free_gpu_memory_fraction）提高到 0.95' },
  // SGLang's pool, a share of what the CUDA context and NCCL leave: the budget line, where its activations went, and
  // the tight sentence: 0.83 × (80 − 0.6) − 1.02 × 61.02 GiB of weights = 3.66 GiB of room for 16 × 1 GiB of KV.
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'sglang'], rc: 0, word: '加上它们剩下的 79.40 GiB 中的 83%：sglang 的权重和 KV 缓存' },
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'sglang'], rc: 0, word: '不在 sglang 的内存池内' },
  { args: ['--model', 'qwen3-32b', '--gpu', 'h100-sxm', '--batch', '16', '--engine', 'sglang'], rc: 0, word: '剩下的 79.40 GiB 的 83%，减去权重和它们的额外开销后，留给 KV 缓存 3.66 GiB' },
  // A tight fit with no room for the KV: the engine cannot start, said as such (never a negative room).
  { args: ['--model', 'qwen3-32b', '--tflops', '500', '--bandwidth-gbs', '2000', '--vram-gib', '62', '--seq', '512', '--engine', 'sglang'], rc: 0, word: '放不下权重和它们的额外开销：超出 14.29 GiB' },
  { args: ['--model', 'qwen3-32b', '--tflops', '500', '--bandwidth-gbs', '2000', '--vram-gib', '64', '--seq', '2048'], rc: 0, word: '权重和预留超出内存池 5.52 GiB' },
  { args: ['--model', 'qwen3-32b', '--tflops', '500', '--bandwidth-gbs', '2000', '--vram-gib', '62', '--seq', '512', '--engine', 'trt-llm'], rc: 0, word: '它们超出 GPU 1.94 GiB' },
  // A prompt shorter than the chunk TensorRT-LLM keeps room for: the whole 2048-token step (0.1640625 GiB + the logits).
  { args: ['--model', 'llama-3-8b', '--gpu', 'h100-sxm', '--seq', '1024', '--engine', 'trt-llm', '--prefill-chunk', '2048'], rc: 0, word: '0.1645 GiB（一步预填充 2048 token，即 trt-llm 的分块：提示再短，它也为整个分块留出空间' },
  { args: ['--model', 'qwen3-4b', '--gpu', 'a100-40g', '--kv-precision', 'int4', '--batch', '512'], rc: 3, word: 'vllm 没有 int4 格式的 KV 缓存' },
  { args: ['--model', 'qwen3-4b', '--gpu', 'a100-40g', '--batch', '128', '--engine', 'llama.cpp'], rc: 3, word: '把 KV 缓存存为 q4_0。' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'm4-max-128g', '--engine', 'vllm'], rc: 0, word: 'vllm 没有适用于这张 GPU 的后端' },
  { args: ['--params', '70B', '--gpu', 'rtx-4090'], rc: 3, word: '把权重存为 int4（当前 fp16），并用张量并行拆到 2 张 GPU 上' },
  { args: ['--params', '70B', '--gpu', 'rtx-4090', '--format', 'md'], rc: 3, word: '**结论：装不下**' },
  { args: ['--params', '70B', '--gpu', 'h100-sxm', '--precision', 'fp8', '--format', 'md'], rc: 0, word: '## 提升手段' },
  { args: ['--model', 'qwen3-8b', '--gpu', 'h100-sxm', '--requests-per-day', '100000', '--input-tokens', '1000', '--output-tokens', '200', '--hardware-usd', '30000', '--cloud-usd-hour', '3', '--api-usd-mtok-in', '0.2', '--api-usd-mtok-out', '0.8', '--active-watts', '700', '--idle-watts', '100'], rc: 0, word: '盈亏平衡' },
  { args: ['--gpu', 'h100-sxm', '--lint', 'vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 --max-num-seqs 256 --kv-cache-dtype fp8 --port 8000'], rc: 0, word: '结论：偏紧' },
  { args: ['--gpu', 'rtx-4090', '--lint', 'vllm serve Qwen/Qwen3-8B'], rc: 3, word: '结论：装不下' },
  // SGLang's static pool, its fraction of what the CUDA context and NCCL leave (80 − 0.6 − 0.35 at tp 2), every value
  // of the sentence from the finding's own values.
  { args: ['--gpu', 'a100-80g', '--lint', 'python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3-70B --tp 2 --mem-fraction-static 0.5'], rc: 3,
    word: '65.71 GiB 权重和它们的 1.31 GiB 额外开销用尽了 39.53 GiB 的静态内存池（CUDA 上下文和 NCCL 剩下的 79.05 GiB 的 0.50）' },
  { args: ['--gpu', 'rtx-4090', '--lint', 'llama-server -m Qwen3-8B-Q4_K_M.gguf -c 8192 -np 2'], rc: 0, word: '结论：装得下' },
  { args: ['--gpu', 'rtx-4090', '--ram-gib', '64', '--host-memory', 'ddr5-5600-2ch', '--lint', 'llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 60'], rc: 3, word: '-ngl 是 44' },
];

test('the English words the test looks for were found', () => assert.ok(ENGLISH.length > 100, String(ENGLISH.length)));

for (const c of CASES) {
  test(`--lang zh ${c.args.join(' ')}`, () => {
    const e = run(c.args);
    const z = run([...c.args, '--lang', 'zh']);
    assert.equal(e.rc, c.rc, e.out + e.err);
    assert.equal(z.rc, e.rc, 'the exit code does not depend on the language');
    assert.ok(z.out.includes(c.word), `${c.word} in:\n${z.out}`);
    const text = worded(z.out);
    const left = ENGLISH.filter(([, p]) => new RegExp(`(?<![A-Za-z_-])${escape(p)}(?![A-Za-z_-])`).test(text));
    assert.deepEqual(left, [], `English left in:\n${text}`);
    // The figures are the English report's, written the same way.
    const numbers = (s) => (worded(s).match(/\d+(?:\.\d+)?/g) ?? []).sort();
    assert.deepEqual(numbers(z.out).filter((x) => !numbers(e.out).includes(x)), []);
    // JSON is never translated.
    assert.equal(run([...c.args, '--json', '--lang', 'zh']).out, run([...c.args, '--json']).out);
  });
}

test('the errors: named field and range in zh-CN; the JSON error as in English; exit 2', () => {
  const z = run([...base, '--batch', '0', '--lang', 'zh']);
  assert.equal(z.rc, 2);
  assert.match(z.err, /错误 \[range\]: --batch: 批次.*1 到 1048576/);
  assert.equal(run([...base, '--batch', '0', '--lang', 'zh', '--json']).out, run([...base, '--batch', '0', '--json']).out);
  // An unknown flag before --lang is worded in zh too.
  const u = run(['--bogus', '--lang', 'zh']);
  assert.equal(u.rc, 2);
  assert.match(u.err, CJK);
});

test('--lang takes en or zh: anything else is a bad input naming --lang and the accepted values', () => {
  const j = run([...base, '--lang', 'fr', '--json']);
  assert.equal(j.rc, 2);
  assert.deepEqual(JSON.parse(j.out).error, { code: 'unknown_name', status: 5, field: '--lang', message: '--lang must be en or zh (got "fr")' });
  const t = run([...base, '--lang', 'fr']);
  assert.equal(t.rc, 2);
  assert.match(t.err, /--lang must be en or zh \(got "fr"\)/);
  assert.equal(run([...base, '--lang', 'en']).out, run(base).out);
  assert.match(run(['--help']).out, /--lang en\|zh/);
});

// --compare and --plan in zh: their labels, legend and reasons from cli.* keys;
// the figures, the setups' values and the codes (a verdict's code, a GPU id, a
// link) are data in any language. --lang may stand anywhere, before a mode too.
const codeRows = [zh['cli.compare.row.verdictCode']];
const modeWorded = (text) =>
  worded(text)
    .split('\n')
    .filter((line) => !codeRows.some((label) => line.startsWith(label) || line.startsWith(`| ${label}`)))
    .join('\n');
const englishLeft = (text) => ENGLISH.filter(([, p]) => new RegExp(`(?<![A-Za-z_-])${escape(p)}(?![A-Za-z_-])`).test(text));

const workload = ['--model', 'llama-3-8b', '--requests-per-day', '50000', '--input-tokens', '1000', '--output-tokens', '300'];
const MODES = [
  { args: ['--model', 'llama-3-70b', '--gpu', 'h100-sxm', '--requests-per-day', '1000', '--input-tokens', '500', '--output-tokens', '200', '--compare', '--tp', '4'], rc: 3, word: zh['cli.compare.cantRun'] },
  { args: ['--model', 'llama-3-70b', '--gpu', 'h100-sxm', '--compare', '--tp', '4', '--format', 'md'], rc: 3, word: `## ${zh['cli.compare.title']}` },
  { args: ['--model', 'qwen3-8b', '--gpu', 'h100-sxm', '--compare', '--batch', '8', '--compare', '--tp', '2'], rc: 0, word: zh['cli.compare.row.verdict'] },
  { args: ['--params', '70B', '--gpu', 'h100-sxm', '--compare', '--gpu', 'mi300x'], rc: 3, word: zh['cli.compare.row.estGpus'] },
  { args: ['--plan', ...workload, '--gpus', 't4,rtx-3090,h100-sxm', '--top', '3'], rc: 0, word: zh['cli.plan.pareto'] },
  { args: ['--plan', ...workload, '--gpus', 't4', '--min-tokens-per-s-user', '1e9'], rc: 3, word: zh['cli.plan.noneCloud'] },
];

for (const c of MODES) {
  test(`--lang zh ${c.args.join(' ')}`, () => {
    const e = run(c.args);
    const z = run(['--lang', 'zh', ...c.args]);
    assert.equal(e.rc, c.rc, e.out + e.err);
    assert.equal(z.rc, e.rc, 'the exit code does not depend on the language');
    assert.ok(z.out.includes(c.word), `${c.word} in:\n${z.out}`);
    assert.deepEqual(englishLeft(modeWorded(z.out)), [], `English left in:\n${z.out}`);
    // --lang at the end reads the same as at the start; en is the plain output.
    assert.equal(run([...c.args, '--lang', 'zh']).out, z.out);
    assert.equal(run(['--lang', 'en', ...c.args]).out, e.out);
    const numbers = (s) => (modeWorded(s).match(/\d+(?:\.\d+)?/g) ?? []).sort();
    assert.deepEqual(numbers(z.out).filter((x) => !numbers(e.out).includes(x)), []);
    assert.equal(run(['--lang', 'zh', ...c.args, '--json']).out, run([...c.args, '--json']).out);
  });
}

test('--compare and --plan errors in zh: the setup and the flag named, the JSON as in English, exit 2', () => {
  const a = ['--model', 'qwen3-8b', '--gpu', 'h100-sxm'];
  for (const args of [[...a, '--compare', '--batch', 'x'], [...a, '--compare'], [...a, '--compare', '--tp', '2', '--format', 'html']]) {
    const z = run(['--lang', 'zh', ...args]);
    assert.equal(z.rc, 2, args.join(' '));
    assert.match(z.err, /--compare: 配置 [AB]: 错误 \[\w+\]: /);
    assert.match(z.err.split(']: ')[1], CJK);
    assert.equal(run(['--lang', 'zh', ...args, '--json']).out, run([...args, '--json']).out);
  }
  assert.match(run([...a, '--compare', '--batch', '0', '--lang', 'zh']).err, /配置 B: 错误 \[range\]: --batch: 批次.*1 到 1048576/);
  const p = run(['--lang', 'zh', '--plan', '--model', 'llama-3-8b']);
  assert.equal(p.rc, 2);
  assert.match(p.err, /^roofline-lint --plan: --requests-per-day: .*负载/);
  assert.equal(run(['--lang', 'zh', '--plan', '--model', 'llama-3-8b', '--json']).out, run(['--plan', '--model', 'llama-3-8b', '--json']).out);
  // A bad --lang before a mode is the --lang error, not the mode's.
  const bad = run(['--lang', 'fr', '--plan', ...workload]);
  assert.equal(bad.rc, 2);
  assert.match(bad.err, /--lang must be en or zh \(got "fr"\)/);
});

test('--lang before the other modes: --matrix and --accuracy run as if their flag were first', () => {
  const m = ['--matrix', '--models', 'qwen3-8b', '--gpus', 'h100-sxm', '--seqs', '4096', '--batches', '1', '--tps', '1'];
  const e = run(m);
  assert.equal(e.rc, 0, e.err);
  assert.deepEqual(run(['--lang', 'zh', ...m]), e, 'the matrix is data: the same in any language');
  const x = run(['--accuracy', '--check']);
  assert.deepEqual(run(['--lang', 'zh', '--accuracy', '--check']), x, '--accuracy is a developer report, in English');
  // --list's headings are worded; its rows are ids and figures.
  const l = run(['--lang', 'zh', '--list']);
  assert.equal(l.rc, 0);
  assert.ok(l.out.startsWith(zh['cli.list.models']), l.out.slice(0, 80));
  assert.deepEqual(englishLeft(l.out.split('\n').filter((line) => !line.startsWith('  ')).join('\n')), []);
  // A preset that cannot be analysed says why in the page's words (a GPU's notes in parentheses).
  const notes = l.out.split('\n').filter((line) => /^ {2}\S+ +\(/.test(line));
  assert.ok(notes.length > 0, 'the unified-memory presets without a GPU limit are listed with a note');
  for (const line of notes) assert.deepEqual(englishLeft(line.replace(/^ {2}\S+/, '')), [], line);
});

// Where each figure comes from, in zh: the expected estimate's assumptions and the cost's
// sources are worded as the page words them (web/src/i18n/sources.js, from the JSON's codes),
// a price preset's citation quoted after the words; their units from the unitName.* rows.
// In English each line is the core's own sentence, as the report always printed it.
const { assumptionSource, costSource } = await import('../../web/src/i18n/sources.js');
const { setLang, t, unitText } = await import('../../web/src/i18n/index.js');
await setLang('zh-CN', false);
// A price over 12 months old says so after its source, in the page's words.
const shown = (s, code = 'zh-CN') => (s.text ?? '') + (s.cite ?? '') + (s.stale ? ` (${t('csrc.stale', {}, code)})` : '');
const SOURCED = [
  ['--model', 'llama-3.1-70b', '--gpu', 'h100-sxm', '--tp', '2', '--precision', 'fp8', '--batch', '32', '--requests-per-day', '100000',
    '--input-tokens', '1000', '--output-tokens', '300'],
  ['--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--engine', 'llama.cpp', '--precision', 'q4_k_m', '--requests-per-day', '1000', '--input-tokens', '500',
    '--output-tokens', '200', '--months', '24', '--kernel-us', '6', '--cloud-usd-hour', '0.7'],
  ['--model', 'qwen3-8b', '--gpu', 'm3-max-128g', '--engine', 'gpt-fast', '--precision', 'int4', '--requests-per-day', '1000', '--input-tokens', '500',
    '--output-tokens', '200', '--hardware-usd', '4000', '--boot-factor', '1.3', '--format', 'md'],
  ['--model', 'qwen3-32b', '--gpu', 'l4', '--tp', '4', '--engine', 'trt-llm', '--requests-per-day', '5000', '--input-tokens', '2000', '--output-tokens', '500'],
  ['--model', 'qwen3-8b', '--gpu', 'h100-sxm', '--engine', 'sglang', '--host-ms', '2', '--requests-per-day', '100', '--input-tokens', '100', '--output-tokens', '100',
    '--resale-fraction', '0.5', '--electricity-usd-kwh', '0.3'],
];
for (const args of SOURCED) {
  test(`--lang zh words each source as the page does: ${args.join(' ')}`, () => {
    const report = JSON.parse(run([...args, '--json']).out);
    const md = args.includes('md');
    const z = run([...args, '--lang', 'zh']).out;
    const e = run(args).out;
    const lines = (out) => out.split('\n');
    const assumptions = report.realistic.assumptions;
    const costs = report.cost.assumptions;
    assert.ok(assumptions.length >= 10 && costs.length >= 8, `${assumptions.length} assumptions, ${costs.length} cost figures`);
    const value = (v) => (md ? String(Number(v.toPrecision(6))) : String(Number(v.toPrecision(4))));
    for (const a of assumptions) {
      const line = md ? `- \`${a.name}\` = ${value(a.value)} ` : `    ${a.name.padEnd(24)} ${value(a.value)} `;
      assert.ok(lines(z).includes(`${line}${unitText(a.unit, 'zh-CN')}: ${shown(assumptionSource(a, report, 'zh-CN'))}`), `${a.name} in:\n${z}`);
      assert.ok(lines(e).includes(`${line}${a.unit}: ${a.source}`), `${a.name} in:\n${e}`);
    }
    for (const x of costs) {
      const line = md ? `- \`${x.name}\` = ${value(x.value)} ` : `  - ${x.name} = ${String(Number(x.value.toPrecision(6)))} `;
      assert.ok(lines(z).includes(`${line}${unitText(x.unit, 'zh-CN')}: ${shown(costSource(x, report.cost, 'zh-CN'))}`), `${x.name} in:\n${z}`);
      const stale = costSource(x, report.cost, 'en').stale ? ` (${t('csrc.stale', {}, 'en')})` : '';
      assert.ok(lines(e).some((l) => l.startsWith(`${line}${x.unit}: `) && l.endsWith(x.source + stale)), `${x.name} in:\n${e}`);
    }
    // Every line of the two lists says something in Chinese, bar a figure the page has no words for.
    const listed = lines(z).filter((l) => /^ {4}\w+ +[\d.e+-]+ /.test(l) || /^ {2}- \w+ = /.test(l) || /^- `\w+` = /.test(l));
    assert.equal(listed.length, assumptions.length + costs.length, listed.join('\n'));
    for (const l of listed) assert.match(l.split(': ').slice(1).join(': '), CJK, l);
  });
}

// An error that names the rule it broke (the core's why) is worded from that rule and its figures, not
// from its status alone: speculative decoding with pp > 1 says pp and the way out; the JSON is the same.
test('--lang zh: an error with a why says the rule and its figures', () => {
  const args = ['--model', 'llama-3-8b', '--gpu', 'h100-sxm', '--spec-draft', 'llama-3.2-1b', '--spec-tokens', '4', '--spec-accept', '0.7', '--pp', '3'];
  const z = run(['--lang', 'zh', ...args]);
  assert.equal(z.rc, 2);
  const json = JSON.parse(run([...args, '--json']).out);
  assert.equal(json.error.why, 'spec_with_pp');
  assert.deepEqual(json.error.values, { pp: '3' });
  const said = z.err.split(']: ')[1];
  // The line names the flag once: the sentence's own opening "{field}：" gives way to the line's "--spec-tokens: ".
  assert.ok(said.startsWith('--spec-tokens: ' + zh['error.why.spec_with_pp'].split('{field}：')[1].split('{pp}')[0]), said);
  assert.match(said, /pp = 3/);
  assert.equal(run(['--lang', 'zh', ...args, '--json']).out, run([...args, '--json']).out);
});

// A range error whose rule is more than the field's range (offloading needs the host RAM) says that
// rule, with its figures, not the generic "out of range" sentence: the user gave no --ram-gib at all.
test('--lang zh: a missing host RAM for an offload says why it is needed', () => {
  const args = ['--model', 'llama-3-8b', '--gpu', 'rtx-4090', '--precision', 'fp16', '--gpu-layers', '20'];
  const z = run(['--lang', 'zh', ...args]);
  assert.equal(z.rc, 2);
  assert.equal(JSON.parse(run([...args, '--json']).out).error.why, 'offload_needs_ram');
  const said = z.err.split(']: ')[1];
  assert.ok(said.startsWith('--ram-gib: ' + zh['error.why.offload_needs_ram'].split('{ngl}')[0]), said);
  assert.match(said, /20\/32/);
});
