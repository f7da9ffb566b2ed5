// Shared by the browser tests: dist/ on a local server, system Chromium (the one
// tests/runner/browser.mjs launched for the whole suite, when it did), and the
// form driver that sets a vector's request through the page's inputs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadCore } from '../../web/src/core/loader.js';
import { startStaticServer } from '../../web/scripts/static-server.mjs';
import { browserForTests } from '../../web/scripts/browser.mjs';
import table from '../../core/fields.json' with { type: 'json' };

export const ROOT = new URL('../../', import.meta.url);
export const DIST = fileURLToPath(new URL('dist/', ROOT));
export const SINGLE_FILE_URL = pathToFileURL(`${DIST}roofline-lint.html`).href;

export function requireDist() {
  for (const file of ['index.html', 'roofline-lint.html']) {
    if (!existsSync(`${DIST}${file}`)) throw new Error(`dist/${file} is missing: run \`npm run build:web\` first`);
  }
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** An axe-core scan of the page: its serious and critical violations, each as "id (impact): targets". */
export async function axeSerious(page) {
  // The page's CSP admits no inline script: axe is added through the automation channel.
  await page.evaluate(AXE);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join('; ')}`);
}

/** The built wasm core, loaded under Node: what a test compares the page's figures with. */
export const loadBuiltCore = () => loadCore(readFileSync(new URL('web/generated/roofline.wasm', ROOT)));

/**
 * dist/ served, and the browser. Each test opens its own context (browser.newPage()
 * or browser.newContext()), so no two tests share storage, cache or a page.
 */
export async function startPage() {
  requireDist();
  const server = await startStaticServer(DIST);
  const browser = await browserForTests();
  return {
    server,
    browser,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Every vector of tests/vectors, by name. */
export function vectorsByName() {
  const dir = new URL('tests/vectors/', ROOT);
  const all = new Map();
  for (const file of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    for (const v of JSON.parse(readFileSync(new URL(file, dir), 'utf8')).vectors ?? []) all.set(v.name, v);
  }
  return all;
}

export const tid = (id) => `[data-testid="${id}"]`;

/**
 * The verdict, the panels that follow it one frame later, and the end of the
 * page's start-up work (rl:settled: the presets' prose is in), so that nothing
 * start-up adds lands while a test acts. No deadline of its own: Playwright's
 * default wait applies, a hang detector generous enough for a loaded machine,
 * never a speed check (`npm run bench` prints the speed).
 */
export async function waitForVerdict(page) {
  await page.waitForSelector(`${tid('verdict')}:is([data-fits], [data-state="error"])`);
  await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
  await page.waitForFunction(() => performance.getEntriesByName('rl:settled').length > 0);
}

/** The inputs of core/fields.json by group and type: every input's data-testid is its key. */
const FIELDS = table.fields.filter((f) => f.type !== 'switch');
const ENGINE_KEYS = FIELDS.filter((f) => f.group === 'budget').map((f) => f.key);
const PRICE_KEYS = FIELDS.filter((f) => f.group === 'workload' && f.type === 'number').map((f) => f.key);
const OFFLOAD_KEYS = FIELDS.filter((f) => f.group === 'offload').map((f) => f.key);
const SCALE_KEYS = FIELDS.filter((f) => f.group === 'scale').map((f) => f.key);
const SELECT_KEYS = FIELDS.filter((f) => f.type === 'enum').map((f) => f.key);
const TEXT_KEYS = FIELDS.filter((f) => (f.type === 'count' || f.type === 'number') && !f.key.startsWith('gpu.')).map((f) => f.key);
const GPU_FIGURES = FIELDS.filter((f) => f.key.startsWith('gpu.')).map((f) => f.key);

/** Sets a vector's request through the form, as a person would. */
export async function setInputs(page, input) {
  if (input.model) await page.selectOption(tid('model'), input.model);
  if (input.params !== undefined) {
    // Only the size: the third model choice, then the size as text (a number as its digits).
    await page.selectOption(tid('model'), 'params');
    await page.fill(tid('params'), String(input.params));
  }
  if (typeof input.gpu === 'string') await page.selectOption(tid('gpu'), input.gpu);
  if (input.gpu && typeof input.gpu === 'object') {
    await page.selectOption(tid('gpu'), 'custom');
    for (const key of GPU_FIGURES) {
      const v = input.gpu[key.slice(4)];
      await page.fill(tid(key), v === undefined || v === null ? '' : String(v));
    }
  }
  // The offload inputs sit in their own folded block (OffloadFields): open it first.
  if (OFFLOAD_KEYS.some((k) => input[k] !== undefined) && !(await page.locator('details.offload').evaluate((d) => d.open))) {
    await page.locator('details.offload > summary').click();
  }
  // The scale-out inputs too (ScaleOutFields): folded until one is set.
  if (SCALE_KEYS.some((k) => input[k] !== undefined) && !(await page.locator('details.scale-out').evaluate((d) => d.open))) {
    await page.locator('details.scale-out > summary').click();
  }
  for (const key of SELECT_KEYS) {
    if (input[key] !== undefined) await page.selectOption(tid(key), input[key] === 'auto' && SCALE_KEYS.includes(key) ? '' : input[key]);
  }
  if (ENGINE_KEYS.some((k) => input[k] !== undefined)) {
    await page.locator('details.engine > summary').click();
  }
  // The workload's prices sit in their own closed details.
  if (PRICE_KEYS.some((k) => input[k] !== undefined)) {
    await page.locator('details.prices > summary').click();
  }
  for (const key of TEXT_KEYS) {
    if (input[key] !== undefined) await page.fill(tid(key), String(input[key]));
  }
}

/** The cost panel's figures: its data-testids are these report paths. */
export const COST_PATHS = [
  'cost.workload.requests_per_day', 'cost.workload.input_tokens', 'cost.workload.output_tokens', 'cost.workload.active_hours_per_month',
  'cost.workload.loaded_step_ms', 'cost.workload.tokens_per_s_user', 'cost.buy.monthly_usd', 'cost.buy.usd_per_mtok_out', 'cost.buy.depreciation_usd_per_month', 'cost.buy.energy_usd_per_month',
  'cost.cloud.monthly_usd', 'cost.cloud.usd_per_mtok_out', 'cost.api.monthly_usd', 'cost.api.effective_usd_per_mtok_out',
  'cost.break_even.buy_vs_cloud_requests_per_day', 'cost.break_even.buy_vs_api_requests_per_day',
];

/**
 * The report paths the page shows as figures: each is the data-testid of the
 * element showing it, its data-value the raw value.
 */
export const SHOWN_PATHS = [
  'memory.weights_gib_per_gpu', 'memory.kv_gib_per_gpu', 'memory.kv_gib_per_request', 'memory.free_gib_per_gpu',
  'memory.max_batch', 'memory.max_batch_realistic', 'memory.realistic.pool_gib',
  'memory.realistic.reserve_gib', 'memory.realistic.kv_room_gib', 'memory.realistic.max_batch',
  'roofline.ai', 'roofline.ridge', 'roofline.bound', 'roofline.ceiling_fraction', 'roofline.flops_per_step', 'roofline.bytes_per_step',
  'decode.step_ms', 'decode.ms_per_token', 'decode.tokens_per_s',
  'prefill.ai', 'prefill.ms', 'prefill.ttft_ms',
  'pp.bubble', 'pp.speedup_vs_one_gpu', 'pp.stage_ms', 'pp.drain_ms',
  'paged.waste_fraction', 'paged.tokens_per_request', 'paged.padding_tokens',
  'model.params_total', 'model.params_active', 'model.kv_bytes_per_token', 'model.weight_bytes', 'model.kv_bytes_per_request',
  'tp.allreduce_bytes_per_gpu', 'tp.kv_share_per_gpu',
  'moe.experts_touched_per_layer',
  // The cost panel.
  ...COST_PATHS,
];

/** The parameters-only estimate's paths the page shows (its levers: estimate.levers.<code>.gain). */
export const ESTIMATE_PATHS = [
  'estimate.params', 'estimate.bytes_per_param', 'estimate.batch', 'estimate.weights_gib', 'estimate.usable_gib_per_gpu',
  'estimate.gpus_needed', 'estimate.decode_ai', 'estimate.ridge', 'estimate.ceiling_fraction', 'estimate.attainable_tflops',
  'estimate.bound', 'estimate.shortfall_gib',
];

/** Elements that must not exist when a report section is absent. */
export const TESTIDS_OF_SECTION = {
  decode: ['decode.step_ms', 'decode.ms_per_token', 'decode.tokens_per_s'],
  roofline: ['roofline.ai', 'roofline.ridge', 'roofline.bound', 'roofline.ceiling_fraction', 'roofline-plot', 'sweep-plot'],
  'roofline.ridge': ['roofline.ridge'],
  'roofline.ceiling_fraction': ['roofline.ceiling_fraction'],
  prefill: ['prefill.ai', 'prefill.ms', 'prefill.ttft_ms'],
  'prefill.ms': ['prefill.ms'],
  'prefill.ttft_ms': ['prefill.ttft_ms'],
  pp: ['pp.bubble', 'pp.speedup_vs_one_gpu', 'pp.stage_ms', 'pp.drain_ms'],
  'pp.stage_ms': ['pp.stage_ms'],
  'pp.drain_ms': ['pp.drain_ms'],
  'pp.speedup_vs_one_gpu': ['pp.speedup_vs_one_gpu', 'pp-slower'],
  paged: ['paged.waste_fraction', 'paged.tokens_per_request', 'paged.padding_tokens'],
  tp: ['tp.allreduce_bytes_per_gpu'],
  moe: ['moe.experts_touched_per_layer'],
  cost: [...COST_PATHS, 'cost-panel', 'cost-chart'],
  'cost.buy': COST_PATHS.filter((p) => p.startsWith('cost.buy.')),
  'cost.cloud': COST_PATHS.filter((p) => p.startsWith('cost.cloud.')),
  'cost.api': COST_PATHS.filter((p) => p.startsWith('cost.api.')),
  'cost.break_even.buy_vs_cloud_requests_per_day': ['cost.break_even.buy_vs_cloud_requests_per_day'],
  'cost.break_even.buy_vs_api_requests_per_day': ['cost.break_even.buy_vs_api_requests_per_day'],
};

export const TIMING_TESTIDS = [
  'decode.step_ms', 'decode.ms_per_token', 'decode.tokens_per_s', 'pp.stage_ms', 'pp.drain_ms', 'prefill.ms', 'prefill.ttft_ms',
  // A pipeline's speedup over one GPU compares two times.
  'pp.speedup_vs_one_gpu', 'pp-slower',
  // The engine's expected figures are times too: a refusal shows none of them.
  'realistic', 'realistic.step_ms', 'realistic.tokens_per_s', 'realistic.ttft_ms', 'roofline-expected',
  // And speculative decoding's.
  'speculative', 'speculative.step_ms', 'speculative.ms_per_token', 'speculative.tokens_per_s', 'speculative.realistic_speedup',
  // And the cost's step under the traffic.
  'cost.workload.loaded_step_ms', 'cost.workload.tokens_per_s_user',
];

/** data-value of an element, as the number (or string) the core gave. */
export async function shownValue(page, id) {
  const raw = await page.getAttribute(tid(id), 'data-value');
  if (raw === null) return undefined;
  const n = Number(raw);
  return raw !== '' && String(n) === raw ? n : raw;
}

/** Every input's value, and every data-value on the page, for comparing two pages. */
export async function snapshot(page) {
  return page.evaluate(() => {
    const inputs = {};
    for (const el of document.querySelectorAll('form.inputs :is(input, select, textarea)[data-testid]')) {
      if (el.type !== 'file') inputs[el.dataset.testid] = el.value;
    }
    const values = {};
    for (const el of document.querySelectorAll('[data-testid][data-value]')) values[el.dataset.testid] = el.dataset.value;
    return { inputs, values };
  });
}
