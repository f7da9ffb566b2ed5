// The "Paste your serve command" box: a pasted command gets the engine's
// verdict and a corrected command, with the GPU chosen in the form.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { setInputs, startPage, tid, waitForVerdict } from './helpers.js';

const VECTOR_405B = JSON.parse(readFileSync(new URL('../vectors/lint.json', import.meta.url), 'utf8')).vectors
  .find((v) => v.name === 'lint-vllm-405b-tp2-best-and-alternatives');

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

async function openPage() {
  const page = await env.browser.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  return page;
}

test('the issue example on H100 SXM: tight, and a corrected command that asks for what fits', async () => {
  const page = await openPage();
  await setInputs(page, { gpu: 'h100-sxm' });
  await waitForVerdict(page);
  // Pasted over two lines with a continuation, as people copy it from a README.
  await page.fill(
    tid('lint-command'),
    'vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 \\\n  --max-num-seqs 256 --gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --port 8000',
  );
  await page.waitForSelector(tid('lint-verdict'));
  assert.equal(await page.getAttribute(tid('lint-verdict'), 'data-value'), 'tight');
  assert.equal(await page.getAttribute(tid('lint-concurrency'), 'data-value'), '55');
  assert.equal(await page.locator(`${tid('lint-findings')} li[data-code="vllm_concurrency_capped"]`).count(), 1);
  const corrected = await page.textContent(tid('lint-corrected'));
  assert.equal(
    corrected,
    'vllm serve Qwen/Qwen3-8B --tensor-parallel-size 2 --max-model-len 32768 --max-num-seqs 55 --gpu-memory-utilization 0.9 --kv-cache-dtype fp8 --port 8000',
  );
  assert.match(await page.textContent(tid('lint-read')), /ignored: --port/);
  await page.click(tid('lint-copy'));
  await page.waitForSelector(`${tid('lint-copy')}[data-copied]`);
  // The corrected command, pasted back, fits.
  await page.fill(tid('lint-command'), corrected);
  await page.waitForSelector(`${tid('lint-verdict')}[data-value="fits"]`);
  assert.equal(await page.locator(tid('lint-corrected')).count(), 0);
  await page.close();
});

test('the 405B at tp 2 on H100s: the corrected command and two alternatives, each of which fits when pasted back', async () => {
  const page = await openPage();
  await setInputs(page, { gpu: 'h100-sxm' });
  await waitForVerdict(page);
  await page.fill(tid('lint-command'), 'vllm serve meta-llama/Llama-3.1-405B --tensor-parallel-size 2');
  await page.waitForSelector(`${tid('lint-verdict')}[data-value="refused"]`);
  // The rules and their figures: tests/vectors/lint.json, lint-vllm-405b-tp2-best-and-alternatives.
  assert.match(await page.textContent(tid('lint-corrected')), /--pipeline-parallel-size 3 --quantization fp8/);
  const alternatives = await page.locator(`${tid('lint-alternatives')} .lint-corrected`).evaluateAll((nodes) =>
    nodes.map((n) => [n.dataset.rule, n.querySelector('code').textContent]),
  );
  // The page's alternatives are the vector's, read from it rather than written again here.
  const want = VECTOR_405B.expected;
  assert.equal(await page.textContent(tid('lint-corrected')), want['lint.corrected_command']);
  assert.deepEqual(alternatives, [
    ['precision', want['lint.corrections.precision.command']],
    ['context', want['lint.corrections.context.command']],
  ]);
  assert.match(await page.textContent(tid('lint-alternatives')), /Keeps the weights in bf16 \(GPUs: 16\)/);
  const answer = await page.textContent(tid('lint-answer'));
  assert.doesNotMatch(answer, /tokens\/s|\bms\b/);
  for (const [, command] of alternatives) {
    await page.fill(tid('lint-command'), command);
    await page.waitForSelector(`${tid('lint-verdict')}[data-value="fits"]`);
    assert.equal(await page.locator(tid('lint-alternatives')).count(), 0);
  }
  await page.close();
});

test('a refusal follows the form GPU, shows no concurrency and no time, and a bad value names its flag', async () => {
  const page = await openPage();
  await setInputs(page, { gpu: 'rtx-4090' });
  await waitForVerdict(page);
  await page.fill(tid('lint-command'), 'vllm serve Qwen/Qwen3-8B');
  await page.waitForSelector(`${tid('lint-verdict')}[data-value="refused"]`);
  assert.equal(await page.locator(`${tid('lint-findings')} li[data-code="vllm_max_model_len_too_long"]`).count(), 1);
  assert.equal(await page.locator(tid('lint-concurrency')).count(), 0);
  const answer = await page.textContent(tid('lint-answer'));
  assert.doesNotMatch(answer, /tokens\/s|\bms\b/);
  assert.match(await page.textContent(tid('lint-corrected')), /^vllm serve Qwen\/Qwen3-8B --max-model-len \d+ --max-num-seqs \d+$/);
  await page.fill(tid('lint-command'), 'vllm serve Qwen/Qwen3-8B --max-model-len lots');
  await page.waitForSelector(tid('lint-error'));
  assert.equal(await page.getAttribute(tid('lint-error'), 'data-field'), '--max-model-len');
  assert.equal(await page.locator(tid('lint-verdict')).count(), 0);
  await page.close();
});

test('llama-server -ngl with the form describing the host: the largest -ngl that fits, the findings worded in zh-CN from their codes', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?lang=zh-CN`);
  await waitForVerdict(page);
  await setInputs(page, { gpu: 'rtx-4090', ram_gib: 64, host_memory: 'ddr5-5600-2ch' });
  await waitForVerdict(page);
  // Qwen3-32B Q8_0 (the core's q8_0): 60 of 64 layers need 28.95 GiB of the 4090's 24 (tests/vectors/lint.json, lint-llama-ngl-too-many-corrected).
  await page.fill(tid('lint-command'), 'llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 60');
  await page.waitForSelector(`${tid('lint-verdict')}[data-value="refused"]`);
  assert.equal(await page.textContent(tid('lint-corrected')), 'llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 44');
  const finding = await page.textContent(`${tid('lint-findings')} li[data-code="llama_gpu_layers_too_many"]`);
  assert.match(finding, /[\u4e00-\u9fff]/);
  assert.match(finding, /-ngl 是 44/);
  // Every finding is Chinese: none is the core's English sentence.
  for (const text of await page.locator(`${tid('lint-findings')} li`).allTextContents()) {
    assert.match(text, /[\u4e00-\u9fff]/, text);
    assert.doesNotMatch(text, /\b(?:the|does not|cannot|is read as)\b/, text);
  }
  // The corrected command, pasted back, fits.
  await page.fill(tid('lint-command'), 'llama-server -m Qwen3-32B-Q8_0.gguf -c 8192 -ngl 44');
  await page.waitForSelector(`${tid('lint-verdict')}[data-value="fits"]`);
  await page.close();
});
