// The engine's expected figures beside the floor: the tiles with their band, the
// roofline's expected point below the floor's, both sweep curves, every assumption
// with its source, the engine in the link, and nothing of it on a refusal.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { ROOT, TIMING_TESTIDS, loadBuiltCore, startPage, tid, waitForVerdict } from './helpers.js';

let env;
let core;
before(async () => {
  env = await startPage();
  core = await loadBuiltCore();
});
after(() => env?.close());

const value = async (page, id) => Number(await page.locator(tid(id)).first().getAttribute('data-value'));

test('a fit shows the expected step, its band and the floor, as the core computes them', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=llama-3-70b&g=h100-sxm&tp=4&b=16`);
  await waitForVerdict(page);
  const { realistic: x, decode } = core.analyze({ model: 'llama-3-70b', gpu: 'h100-sxm', tp: 4, batch: 16 });
  assert.ok(x && x.step_ms >= decode.step_ms, 'the core gives an expected step at least the floor');
  assert.equal(await value(page, 'realistic.step_ms'), x.step_ms);
  assert.equal(await value(page, 'realistic.step_ms_low'), x.step_ms_low);
  assert.equal(await value(page, 'realistic.step_ms_high'), x.step_ms_high);
  assert.equal(await value(page, 'realistic.tokens_per_s'), x.tokens_per_s);
  assert.equal(await value(page, 'realistic.allreduce_share'), x.allreduce_share, 'tp 4 shows its AllReduce share');
  assert.equal(await value(page, 'decode.step_ms'), decode.step_ms, 'the floor stays beside it');

  // The roofline: the expected point is drawn below the floor's (larger y in SVG).
  const floorY = Number(await page.locator(`${tid('roofline-plot')} circle.decode-point`).getAttribute('cy'));
  const expectedY = Number(await page.locator(`${tid('roofline-expected')} circle`).getAttribute('cy'));
  assert.ok(expectedY > floorY, `expected point (y ${expectedY}) below the floor's (y ${floorY})`);

  // The sweep draws both curves.
  assert.equal(await page.locator('[data-testid="sweep-plot"] .series.expected').count(), 2);
  assert.equal(await page.locator('[data-testid="sweep-plot"] .series:not(.expected)').count(), 2);

  // Every assumption, with its value and its source.
  await page.locator(`${tid('realistic.assumptions')} summary`).click();
  const rows = page.locator(`${tid('realistic.assumptions')} tbody tr`);
  // The box builds its table on the toggle event's render: wait for it, then count.
  await rows.first().waitFor();
  assert.equal(await rows.count(), x.assumptions.length);
  for (let i = 0; i < x.assumptions.length; i++) {
    // The row names its assumption by code; in English the source is the core's own sentence.
    assert.equal(await rows.nth(i).getAttribute('data-code'), x.assumptions[i].name);
    assert.ok((await rows.nth(i).textContent()).includes(x.assumptions[i].source), `assumption ${x.assumptions[i].name}`);
  }
  await page.close();
});

test('the engine and an override live in the link and change the estimate', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=qwen3-8b&g=h100-sxm`);
  await waitForVerdict(page);
  const before = await value(page, 'realistic.step_ms');
  await page.selectOption(tid('engine'), 'llama.cpp');
  await page.waitForSelector(`${tid('realistic')} h3:has-text("llama.cpp")`);
  const engineKey = JSON.parse(readFileSync(new URL('core/fields.json', ROOT), 'utf8')).fields.find((f) => f.key === 'engine').url;
  // The address bar follows the inputs (debounced): wait for it, no fixed sleep.
  await page.waitForURL((u) => new URL(u).searchParams.get(engineKey) === 'llama.cpp');
  const link = new URL(page.url());
  const after = await value(page, 'realistic.step_ms');
  const want = core.analyze({ model: 'qwen3-8b', gpu: 'h100-sxm', engine: 'llama.cpp' }).realistic.step_ms;
  assert.equal(after, want);
  assert.notEqual(after, before, 'another engine gives another estimate');
  // An override: the per-kernel cost, from the folded engine details.
  const kernelKey = JSON.parse(readFileSync(new URL('core/fields.json', ROOT), 'utf8')).fields.find((f) => f.key === 'kernel_us').url;
  await page.locator('details.engine > summary').click();
  await page.fill(tid('kernel_us'), '10');
  await page.waitForURL((u) => new URL(u).searchParams.get(kernelKey) === '10');
  const overridden = core.analyze({ model: 'qwen3-8b', gpu: 'h100-sxm', engine: 'llama.cpp', kernel_us: 10 }).realistic;
  await page.waitForSelector(`${tid('realistic.step_ms')}[data-value="${overridden.step_ms}"]`);
  assert.ok(overridden.assumptions.some((a) => a.name === 'kernel_us' && a.value === 10), 'the override is listed as an assumption');
  await page.fill(tid('kernel_us'), '');
  await page.waitForSelector(`${tid('realistic.step_ms')}[data-value="${want}"]`);
  const reopened = await env.browser.newPage();
  await reopened.goto(link.href);
  await waitForVerdict(reopened);
  assert.equal(await reopened.inputValue(tid('engine')), 'llama.cpp');
  assert.equal(await value(reopened, 'realistic.step_ms'), want);
  await reopened.close();
  await page.close();
});

test('a refusal shows no expected figure, point or curve', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=qwen3-4b&g=a100-40g&p=fp16&b=128`);
  await page.waitForSelector(`${tid('verdict')}[data-fits="false"]`);
  for (const id of TIMING_TESTIDS) assert.equal(await page.locator(tid(id)).count(), 0, `no ${id} on a refusal`);
  assert.equal(await page.locator('.series.expected').count(), 0);
  await page.close();
});
