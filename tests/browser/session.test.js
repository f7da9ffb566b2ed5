// A normal session on the hosted build: no request leaves the page's origin,
// every control works from the keyboard, the page fits a phone, and the
// inputs mark the core's errors on their own field.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { atPath } from '../web/vector-rules.js';
import { loadBuiltCore, startPage, tid, waitForVerdict } from './helpers.js';

let env;
let core;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

test('a normal session makes no request off the page origin', async () => {
  const page = await env.browser.newPage();
  const origin = new URL(env.server.url).origin;
  const offOrigin = [];
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('data:')) offOrigin.push(url);
  });
  await page.goto(`${env.server.url}?m=mixtral-8x7b&g=h100-sxm&b=8`);
  await waitForVerdict(page);
  await page.selectOption(tid('gpu'), 'm4-max-128g');
  await page.fill(tid('gpu.tflops'), '34');
  await page.selectOption(tid('model'), 'custom');
  await page.fill(tid('pp'), '2');
  await page.fill(tid('kv_block'), '16');
  for (const el of await page.locator('details').all()) await el.evaluate((d) => { d.open = true; });
  await page.hover(tid('roofline-plot'));
  await page.click(tid('copy-link'));
  // The link is built and shown; the address bar has caught up with the last input.
  const url = await page.locator(tid('share-url')).inputValue();
  await page.waitForFunction((u) => location.href === u, url);
  assert.deepEqual(offOrigin, []);
  assert.deepEqual(problems, [], 'no console error or warning (CSP, preload, Trusted Types)');
});

test("errors sit on their field, in the core's words or, out of range, with the value as typed", async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  const cases = [
    ['batch', '0', { batch: 0 }],
    ['seq', 'abc', { seq: 'abc' }],
    ['micro_batches', '3', { micro_batches: 3 }],
  ];
  // The input, its error element and the core's error field all share the key.
  for (const [id, value, extra] of cases) {
    await page.goto(env.server.url);
    await waitForVerdict(page);
    await page.fill(tid(id), value);
    await page.waitForSelector(`${tid(id)}[aria-invalid="true"]`);
    const { error } = core.analyze({ model: 'qwen3-4b', gpu: 'a100-40g', ...extra });
    assert.equal(error.field, id);
    // Out of its range, the value is named as typed (the page's sentence, from the field table); else the core's words.
    const said = id === 'batch' ? 'batch must be an integer from 1 to 1,048,576 requests (got 0)' : error.message;
    assert.equal(await page.textContent(tid(`error-${id}`)), said);
    const describedBy = await page.getAttribute(tid(id), 'aria-describedby');
    assert.match(describedBy, /err-/);
    assert.equal(await page.locator('[aria-invalid="true"]').count(), 1);
    assert.equal(await page.locator(tid('verdict')).getAttribute('data-state'), 'error');
  }
  await page.goto(env.server.url);
  await waitForVerdict(page);
  await page.selectOption(tid('model'), 'custom');
  await page.fill(tid('config'), '{"num_hidden_layers": 4, "hidden_size": 64, "num_attention_heads": 3, "num_key_value_heads": 2, "vocab_size": 10, "intermediate_size": 8}');
  await page.waitForSelector(`${tid('config')}[aria-invalid="true"]`);
  assert.match(await page.textContent(tid('error-config')), /config\./);
});

test('a GPU without a sourced TFLOPS says so, and takes the TFLOPS you trust', async () => {
  const page = await env.browser.newPage();
  await page.goto(env.server.url);
  await waitForVerdict(page);
  await page.selectOption(tid('gpu'), 'm4-max-128g');
  await page.waitForSelector(tid('gpu-unsourced'));
  assert.equal(await page.getAttribute(tid('roofline.bound'), 'data-value'), 'unknown');
  assert.equal(await page.inputValue(tid('gpu.tflops')), '');
  assert.equal(await page.inputValue(tid('gpu.bandwidth_gbs')), '546');
  const vram = await page.inputValue(tid('gpu.vram_gib'));
  assert.equal(vram, await page.evaluate(() => document.querySelector('[data-testid="memory-bar"] desc').textContent.match(/capacity ([\d.]+) GiB/)[1]));
  // A core error elsewhere leaves no report: the field still shows the wired limit, not the RAM,
  // and the first edit carries that limit into the custom GPU.
  await page.fill(tid('batch'), '0');
  await page.waitForSelector(`${tid('verdict')}[data-state="error"]`);
  assert.equal(await page.inputValue(tid('gpu.vram_gib')), vram);
  await page.fill(tid('batch'), '1');
  await page.waitForSelector(`${tid('verdict')}[data-fits]`);
  await page.fill(tid('gpu.tflops'), '34');
  await page.waitForSelector(`${tid('roofline.bound')}[data-value="memory"]`);
  assert.equal(await page.inputValue(tid('gpu.vram_gib')), vram);
  assert.equal(await page.locator(tid('gpu-reset')).count(), 1);
  // Jetson AGX Orin: unified memory with no sourced GPU limit, so the core refuses the preset;
  // a memory figure of the user's own makes it a custom GPU that analyses.
  await page.selectOption(tid('gpu'), 'jetson-agx-orin-64g');
  await page.waitForSelector(`${tid('gpu')}[aria-invalid="true"]`);
  await page.fill(tid('gpu.vram_gib'), '50');
  await page.waitForSelector(`${tid('verdict')}[data-fits="true"]`);
});

test('a way out of two changes applies both: Llama-3-70B on one RTX 4090 takes int4 weights on tp=2', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3-70b&g=rtx-4090&p=fp16`);
  await waitForVerdict(page);
  const pair = page.locator(`${tid('remedies')} li[data-code="lower_precision_more_tp"]`);
  // The core's own figures, not ours: the pair it found and tp alone for comparison.
  const want = core.analyze({ model: 'llama-3-70b', gpu: 'rtx-4090', precision: 'fp16' });
  const found = atPath(want, 'remedies.lower_precision_more_tp');
  assert.ok(found.tp < atPath(want, 'remedies.more_tp.value'), 'the pair needs fewer GPUs than tp alone');
  assert.ok((await pair.textContent()).includes(`tp=${found.tp}`));
  await pair.locator('button').click();
  await page.waitForSelector(`${tid('verdict')}[data-fits="true"]`);
  assert.equal(await page.inputValue(tid('precision')), found.value);
  assert.equal(await page.inputValue(tid('tp')), String(found.tp));
  await page.close();
});

test('keyboard alone: inputs, remedies, and chart tooltips on focus', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?b=128`);
  await waitForVerdict(page);
  // Tab to the first remedy's Apply button and press it.
  await page.focus(tid('copy-link'));
  let found = false;
  for (let i = 0; i < 10 && !found; i++) {
    await page.keyboard.press('Tab');
    found = await page.evaluate(() => document.activeElement?.closest('[data-testid="remedies"]') !== null);
  }
  assert.ok(found, 'a remedy button is reachable by Tab');
  await page.keyboard.press('Enter');
  await page.waitForSelector(`${tid('verdict')}[data-fits="true"]`);

  await page.focus(tid('batch'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('8');
  await page.waitForFunction(() => document.querySelector('[data-testid="verdict"] h2')?.textContent.includes('8 requests'));

  for (const cls of ['decode-point', 'prefill-point', 'wall-point']) {
    await page.focus(`${tid('roofline-plot')} .${cls}`);
    await page.waitForSelector(`${tid('roofline-plot')} .tip`);
    assert.equal(await page.getAttribute(`${tid('roofline-plot')} .${cls}`, 'tabindex'), '0');
  }
  await page.focus(`${tid('sweep-plot')} .hit`);
  const first = await page.textContent(`${tid('sweep-plot')} .tip`);
  await page.keyboard.press('ArrowRight');
  assert.notEqual(await page.textContent(`${tid('sweep-plot')} .tip`), first);
  assert.equal(await page.locator(`${tid('roofline-plot')} > title`).count(), 1);
  assert.equal(await page.locator(`${tid('roofline-plot')} > desc`).count(), 1);
});

test('a phone-width screen, light and dark', async () => {
  for (const colorScheme of ['light', 'dark']) {
    const context = await env.browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme });
    const page = await context.newPage();
    await page.goto(`${env.server.url}?m=llama-3-70b&g=a100-80g&b=8&tp=2&pp=2`);
    await waitForVerdict(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll (${overflow} px over)`);
    // The key inputs come first, the verdict right after them, both on the first screen
    // (phone-first-screen.test.js measures each of them).
    const batch = await page.locator(tid('batch')).evaluate((el) => el.getBoundingClientRect().bottom);
    const word = await page.locator('#verdict-word').evaluate((el) => el.getBoundingClientRect());
    assert.ok(batch < word.top && word.bottom <= 844, `the batch (to ${batch} px) and then the verdict (${word.top}..${word.bottom} px) on a phone's first screen`);
    const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    assert.equal(bg === 'rgb(246, 246, 243)', colorScheme === 'light', `${colorScheme} background ${bg}`);
    await context.close();
  }
});

test('every data-testid is unique, and every figure carries its exact value under its report path', async () => {
  const page = await env.browser.newPage();
  const cases = {
    '?b=8': { batch: 8 },
    '?b=128': { batch: 128 },
    '?b=57': { batch: 57 }, // tight: the missing GiB in the verdict and, again, in the memory panel
    '?m=llama-3-70b&g=a100-80g&b=8&tp=2&pp=2&kb=16': { model: 'llama-3-70b', gpu: 'a100-80g', batch: 8, tp: 2, pp: 2, kv_block: 16 },
    '?m=mixtral-8x7b&g=m4-max-128g': { model: 'mixtral-8x7b', gpu: 'm4-max-128g' },
    '?b=0': { batch: 0 },
  };
  for (const [query, request] of Object.entries(cases)) {
    await page.goto(env.server.url + query);
    await waitForVerdict(page);
    const { duplicates, figures } = await page.evaluate(() => {
      const seen = new Map();
      for (const el of document.querySelectorAll('[data-testid]')) seen.set(el.dataset.testid, (seen.get(el.dataset.testid) ?? 0) + 1);
      return {
        duplicates: [...seen].filter(([, n]) => n > 1).map(([id]) => id),
        figures: [...document.querySelectorAll('.num')].map((el) => ({ testid: el.dataset.testid, of: el.dataset.of, value: el.dataset.value })),
      };
    });
    assert.deepEqual(duplicates, [], query);
    // Each figure: its data-testid is its path in the core's report, its data-value that
    // value exactly. A figure shown twice names the path in data-of on the second element.
    const report = core.analyze({ model: 'qwen3-4b', gpu: 'a100-40g', ...request });
    const ids = new Set(figures.map((f) => f.testid).filter(Boolean));
    for (const { testid, of, value } of figures) {
      const path = testid ?? of;
      assert.ok(path, `${query}: a figure without a testid or data-of`);
      assert.notEqual(value, undefined, `${query}: ${path} has no data-value`);
      assert.equal(value, String(atPath(report, path)), `${query}: ${path}`);
      if (!testid) assert.ok(ids.has(of), `${query}: ${of} is repeated (data-of) but not shown under its testid`);
    }
    if (!report.error) assert.ok(figures.length > 10, `${query}: ${figures.length} figures`);
  }
});
