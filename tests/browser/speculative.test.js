// Speculative decoding on the page: the core's `speculative` figures in their
// tiles (DeepSeek-V3 drafting with its own MTP module, and a preset draft that
// makes decoding slower, said in words), and none of them on a refusal.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, TIMING_TESTIDS, loadBuiltCore, shownValue, startPage, tid, waitForVerdict } from './helpers.js';

let env;
let core;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

const FIELDS = JSON.parse(readFileSync(new URL('core/fields.json', ROOT), 'utf8')).fields;
const url = (input) => '?' + Object.entries(input).map(([k, v]) => `${FIELDS.find((f) => f.key === k)?.url ?? { model: 'm', gpu: 'g' }[k]}=${v}`).join('&');
const SHOWN = ['tokens_per_step', 'step_ms', 'ms_per_token', 'tokens_per_s', 'speedup', 'realistic_speedup', 'draft_weights_gib_per_gpu', 'draft_kv_gib_per_request'];

async function open(input) {
  const page = await env.browser.newPage();
  await page.goto(env.server.url + url(input));
  await waitForVerdict(page);
  return page;
}

test("DeepSeek-V3 with its own MTP module: the page shows the core's speculative figures", async () => {
  const input = { model: 'deepseek-v3', gpu: 'h200-sxm', tp: 8, spec_draft: 'mtp', spec_tokens: 1, spec_accept: 0.85 };
  const want = core.analyze(input).speculative;
  assert.equal(want.draft, 'mtp');
  assert.ok(want.realistic_speedup > 1, 'the core expects MTP to speed DeepSeek-V3 up');
  const page = await open(input);
  await page.waitForSelector(tid('speculative'));
  for (const key of SHOWN) assert.equal(await shownValue(page, `speculative.${key}`), want[key], key);
  assert.match(await page.textContent(tid('speculative')), /MTP/);
  assert.doesNotMatch(await page.getAttribute(tid('speculative.verdict'), 'class'), /warn/);
  await page.close();
});

test('a draft that makes decoding slower is said so in words', async () => {
  const input = { model: 'llama-3-8b', gpu: 'h100-sxm', spec_draft: 'llama-3.2-3b', spec_tokens: 8, spec_accept: 0.3 };
  const want = core.analyze(input).speculative;
  assert.ok(want.realistic_speedup < 1, 'the core expects this draft to slow decoding');
  const page = await open(input);
  await page.waitForSelector(tid('speculative.verdict'));
  assert.equal(await shownValue(page, 'speculative.realistic_speedup'), want.realistic_speedup);
  assert.match(await page.getAttribute(tid('speculative.verdict'), 'class'), /warn/);
  assert.match(await page.textContent(tid('speculative.verdict')), /Slower/);
  await page.close();
});

test('a refusal shows no speculative figure, and mtp on a model without modules names spec_draft', async () => {
  const refused = { model: 'deepseek-v3', gpu: 'h100-sxm', spec_draft: 'mtp', spec_tokens: 1, spec_accept: 0.85 };
  assert.equal(core.analyze(refused).fits, false);
  const page = await open(refused);
  for (const id of TIMING_TESTIDS) assert.equal(await page.locator(tid(id)).count(), 0, `no ${id} on a refusal`);
  await page.close();

  const input = { model: 'llama-3-8b', gpu: 'h100-sxm', spec_draft: 'mtp', spec_tokens: 1, spec_accept: 0.85 };
  const { error } = core.analyze(input);
  assert.equal(error.field, 'spec_draft');
  const bad = await open(input);
  assert.equal(await bad.locator(tid('verdict')).getAttribute('data-state'), 'error');
  // The engine fields are folded: the error sits on its field all the same.
  assert.equal(await bad.locator(tid('error-spec_draft')).textContent(), error.message);
  await bad.close();
});

test('the draft is chosen from a list (none, mtp, the model presets) under labels of its own, in both languages', async () => {
  for (const [lang, want] of [['en', /Speculative draft/], ['zh-CN', /推测解码/]]) {
    const page = await env.browser.newPage();
    await page.goto(`${env.server.url}?m=deepseek-v3&g=h200-sxm&tp=8&sg=1&sa=0.85&lang=${lang}`);
    await waitForVerdict(page);
    await page.locator('details.engine > summary').click();
    const draft = page.locator(tid('spec_draft'));
    assert.equal(await draft.evaluate((el) => el.localName), 'select');
    const options = await draft.locator('option').evaluateAll((els) => els.map((el) => el.value));
    assert.deepEqual(options.slice(0, 2), ['', 'mtp']);
    assert.ok(options.includes('llama-3.2-1b'));
    for (const key of ['spec_draft', 'spec_tokens', 'spec_accept']) {
      const label = await page.textContent(`label[for="in-${key}"]`);
      assert.doesNotMatch(label, /realistic\.|spec_/, `${lang}: ${key} has a label of its own`);
    }
    assert.match(await page.textContent('label[for="in-spec_draft"]'), want);
    await draft.selectOption('mtp');
    await page.waitForSelector(tid('speculative'));
    await page.waitForFunction(() => location.search.includes('sd=mtp'));
    await page.close();
  }
});
