// A subset of the shared vectors, set through the form: the figures the page
// shows (data-value) must match the vector within its tolerance, and a refusal
// must leave no time or throughput anywhere in the DOM.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { compareValue } from '../web/vector-rules.js';
import { SHOWN_PATHS, TESTIDS_OF_SECTION, TIMING_TESTIDS, setInputs, shownValue, startPage, tid, vectorsByName, waitForVerdict } from './helpers.js';

const NAMES = [
  'worked-qwen3-4b-a100-40g-s4096-b1-printed',
  'worked-qwen3-4b-a100-40g-s4096-b1-exact',
  'worked-qwen3-4b-a100-40g-b128-kv-refusal-printed',
  'worked-qwen3-4b-a100-40g-b128-kv-refusal-exact',
  'worked-llama-3-70b-a100-80g-tp2-b8-exact',
  'worked-llama-3-70b-a100-80g-pp2-m8-b8-exact',
  'worked-paged-s100-block16-exact',
  'fit-qwen3-4b-fp16-weights-fp8-kv',
  'fit-custom-gpu-fractional',
  'moe-qwen3-30b-a3b-h200-b64-distinct',
  'pp-llama-3-70b-a100-40g-pp2-b4-refused',
  'pp-qwen3-4b-rtx-4090-pp5-m7-b20',
  'paged-kv-refusal-shorter-context-block-multiple',
  'remedy-llama-3-70b-fp16-a100-80g-weights',
  'remedy-qwen3-4b-a100-40g-b64-all-six',
  'roofline-qwen3-4b-a100-40g-s128-b512-compute-bound',
  'tp-llama-3-70b-a100-80g-tp3-b8',
  'real-worked-tp2-b8-realistic',
  'real-custom-knobs',
  'real-tight-all-remedies-qwen3-32b',
  'hw-apple-m2-ultra-192g-raised',
  'hw-apple-m4-max-128g-default',
  'hw-custom-gpu-tflops-null',
  'hw-custom-gpu-tflops-fp8',
  'hw-fp8-h100-compute-bound-fp8-roof',
  'prefill-llama-3-8b-h100-s4096-launch-50',
  'prefill-deepseek-v3-h200-tp8-s8192',
  'kv-bytes-gemma-3-27b-s32768',
  // The cost: the three options, a missing price, given prices on a custom GPU, refusals without cost.
  'cost-h100-sxm-tp2-fp8-idle-given',
  'cost-h100-sxm-idle-by-rule',
  'cost-all-given-replicas',
  'cost-refusal-has-none',
  'cost-kv-refusal-has-none',
  'offload-llama-3-8b-ngl20-rtx-4090-ddr5',
  'offload-llama-3-70b-ngl60-weights-refused-fewer-layers',
  'offload-llama-3-70b-ngl12-host-ram-refused',
];

const all = vectorsByName();
let env;

before(async () => {
  env = await startPage();
});
after(() => env?.close());

describe('vectors through the form', () => {
  for (const name of NAMES) {
    test(name, async () => {
      const v = all.get(name);
      assert.ok(v, `vector ${name} is in tests/vectors`);
      // A page of its own (a fresh context): nothing left by the vector before.
      const page = await env.browser.newPage();
      await page.goto(env.server.url);
      await waitForVerdict(page);
      await setInputs(page, v.input);
      await waitForVerdict(page);

      const verdict = page.locator(tid('verdict'));
      let checked = 0;
      for (const [path, want] of Object.entries(v.expected ?? {})) {
        let got;
        if (path === 'verdict') got = await verdict.getAttribute('data-verdict');
        else if (path === 'level') got = await verdict.getAttribute('data-level');
        else if (path === 'fits') got = (await verdict.getAttribute('data-fits')) === 'true';
        else if (SHOWN_PATHS.includes(path)) got = await shownValue(page, path); // its data-testid is its path
        else continue;
        assert.equal(compareValue(path, want, got, v.tol), null, `${name}: ${path}`);
        checked++;
      }
      assert.ok(checked >= 2, `${name}: the page shows at least two of its figures (${checked})`);

      for (const section of v.absent ?? []) {
        for (const id of TESTIDS_OF_SECTION[section] ?? []) {
          assert.equal(await page.locator(tid(id)).count(), 0, `${name}: ${id} must not exist (${section} is absent)`);
        }
      }
      for (const code of v.remedies ?? []) {
        assert.equal(await page.locator(`${tid('remedies')} li[data-code="${code}"]`).count(), 1, `${name}: remedy ${code} is shown`);
      }
      for (const code of v.warnings ?? []) {
        assert.equal(await page.locator(`${tid('warnings')} li[data-code="${code}"]`).count(), 1, `${name}: warning ${code} is shown`);
      }

      if (v.expected?.fits === false) {
        for (const id of TIMING_TESTIDS) assert.equal(await page.locator(tid(id)).count(), 0, `${name}: no ${id} on a refusal`);
        assert.equal(await page.locator('[data-testid="roofline-plot"], [data-testid="sweep-plot"]').count(), 0);
        const text = await page.evaluate(() => document.body.textContent);
        assert.doesNotMatch(text, /tok\/s/, `${name}: no throughput text on a refusal`);
        assert.doesNotMatch(text, /\d\s?ms\b/, `${name}: no time on a refusal`);
        const html = await page.content();
        assert.doesNotMatch(html, /tokens_per_s|ms_per_token|step_ms/);
      }
      await page.close();
    });
  }
});
