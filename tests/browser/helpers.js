// Shared by the browser tests: dist/ on a local server, system Chromium, and
// the form driver that sets a vector's request through the page's inputs.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startStaticServer } from '../../web/scripts/static-server.mjs';
import { launchChromium } from '../../web/scripts/browser.mjs';

export const ROOT = new URL('../../', import.meta.url);
export const DIST = fileURLToPath(new URL('dist/', ROOT));
export const SINGLE_FILE_URL = pathToFileURL(`${DIST}roofline-lint.html`).href;

export function requireDist() {
  for (const file of ['index.html', 'roofline-lint.html']) {
    if (!existsSync(`${DIST}${file}`)) throw new Error(`dist/${file} is missing: run \`npm run build:web\` first`);
  }
}

export async function startPage() {
  requireDist();
  const server = await startStaticServer(DIST);
  const browser = await launchChromium();
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
 * The verdict, and the panels that follow it one frame later. No deadline of
 * its own: Playwright's default wait applies, a hang detector generous enough
 * for a loaded machine, never a speed check (`npm run bench` prints the speed).
 */
export async function waitForVerdict(page) {
  await page.waitForSelector(`${tid('verdict')}:is([data-fits], [data-state="error"])`);
  await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
}

/** Sets a vector's request through the form, as a person would. */
export async function setInputs(page, input) {
  if (input.model) await page.selectOption(tid('input-model'), input.model);
  if (input.params !== undefined) {
    // Only the size: the third model choice, then the size as text (a number as its digits).
    await page.selectOption(tid('input-model'), 'params');
    await page.fill(tid('input-params'), String(input.params));
  }
  if (typeof input.gpu === 'string') await page.selectOption(tid('input-gpu'), input.gpu);
  if (input.gpu && typeof input.gpu === 'object') {
    await page.selectOption(tid('input-gpu'), 'custom');
    const figures = { 'input-tflops': 'tflops', 'input-bandwidth': 'bandwidth_gbs', 'input-vram': 'vram_gib', 'input-tflops-fp8': 'tflops_fp8', 'input-tops-int8': 'tops_int8' };
    for (const [id, key] of Object.entries(figures)) {
      const v = input.gpu[key];
      await page.fill(tid(id), v === undefined || v === null ? '' : String(v));
    }
  }
  if (input.gpu_limit) await page.selectOption(tid('input-gpu-limit'), input.gpu_limit);
  if (input.precision) await page.selectOption(tid('input-precision'), input.precision);
  if (input.kv_precision) await page.selectOption(tid('input-kv-precision'), input.kv_precision);
  if (input.moe_read) await page.selectOption(tid('input-moe-read'), input.moe_read);
  const engine = {
    pool_fraction: 'input-pool-fraction', context_reserve_gib: 'input-context-reserve', nccl_gib_per_peer: 'input-nccl',
    weight_overhead: 'input-weight-overhead', prefill_chunk: 'input-prefill-chunk', launch_ms: 'input-launch-ms',
  };
  if (Object.keys(engine).some((k) => input[k] !== undefined)) {
    await page.locator('details.engine > summary').click();
  }
  const text = {
    seq: 'input-seq', batch: 'input-batch', tp: 'input-tp', pp: 'input-pp', micro_batch: 'input-micro-batch', kv_block: 'input-kv-block',
    ...engine,
  };
  for (const [key, id] of Object.entries(text)) {
    if (input[key] !== undefined) await page.fill(tid(id), String(input[key]));
  }
}

/** Report path → the element that shows it. */
export const TESTID_OF_PATH = {
  'memory.weights_gib_per_gpu': 'weights-gib',
  'memory.kv_gib_per_gpu': 'kv-gib',
  'memory.kv_gib_per_request': 'kv-gib-per-request',
  'memory.free_gib_per_gpu': 'free-gib',
  'memory.max_batch': 'max-batch',
  'memory.max_batch_realistic': 'max-batch-realistic',
  'memory.realistic.pool_gib': 'pool-gib',
  'memory.realistic.reserve_gib': 'reserve-gib',
  'memory.realistic.kv_room_gib': 'kv-room-gib',
  'memory.realistic.max_batch': 'max-batch-realistic-memory',
  'roofline.ai': 'ai',
  'roofline.ridge': 'ridge',
  'roofline.bound': 'bound',
  'roofline.ceiling_fraction': 'ceiling-fraction',
  'roofline.flops_per_step': 'flops-per-step',
  'roofline.bytes_per_step': 'bytes-per-step',
  'decode.step_ms': 'step-ms',
  'decode.ms_per_token': 'ms-per-token',
  'decode.tokens_per_s': 'tokens-per-s',
  'prefill.ai': 'prefill-ai',
  'prefill.ms': 'prefill-ms',
  'prefill.ttft_ms': 'ttft-ms',
  'pp.bubble': 'pp-bubble',
  'pp.speedup_vs_one_gpu': 'pp-speedup',
  'pp.stage_ms': 'pp-stage-ms',
  'pp.drain_ms': 'pp-drain-ms',
  'paged.waste_fraction': 'paged-waste',
  'paged.tokens_per_request': 'paged-tokens',
  'paged.padding_tokens': 'paged-padding',
  'model.params_total': 'params-total',
  'model.params_active': 'params-active',
  'model.kv_bytes_per_token': 'kv-bytes-per-token',
  'tp.allreduce_bytes_per_gpu': 'tp-allreduce',
  'tp.kv_share_per_gpu': 'tp-kv-share',
  'model.weight_bytes': 'weight-bytes',
  'model.kv_bytes_per_request': 'kv-bytes-per-request',
  'moe.experts_touched_per_layer': 'experts-touched',
};

/** Estimate path → the element that shows it (the parameters-only path). */
export const TESTID_OF_ESTIMATE_PATH = {
  'estimate.params': 'estimate-params',
  'estimate.bytes_per_param': 'estimate-bytes-per-param',
  'estimate.batch': 'estimate-batch',
  'estimate.weights_gib': 'estimate-weights-gib',
  'estimate.usable_gib_per_gpu': 'estimate-usable-gib',
  'estimate.gpus_needed': 'gpus-needed',
  'estimate.decode_ai': 'estimate-ai',
  'estimate.ridge': 'estimate-ridge',
  'estimate.ceiling_fraction': 'estimate-ceiling-fraction',
  'estimate.attainable_tflops': 'attainable-tflops',
  'estimate.bound': 'estimate-bound',
};

/** Elements that must not exist when a report section is absent. */
export const TESTIDS_OF_SECTION = {
  decode: ['step-ms', 'ms-per-token', 'tokens-per-s'],
  roofline: ['ai', 'ridge', 'bound', 'ceiling-fraction', 'roofline-plot', 'sweep-plot'],
  'roofline.ridge': ['ridge'],
  'roofline.ceiling_fraction': ['ceiling-fraction'],
  prefill: ['prefill-ai', 'prefill-ms', 'ttft-ms'],
  'prefill.ms': ['prefill-ms'],
  'prefill.ttft_ms': ['ttft-ms'],
  pp: ['pp-bubble', 'pp-speedup', 'pp-stage-ms', 'pp-drain-ms'],
  'pp.stage_ms': ['pp-stage-ms'],
  'pp.drain_ms': ['pp-drain-ms'],
  paged: ['paged-waste', 'paged-tokens', 'paged-padding'],
  tp: ['tp-allreduce'],
  moe: ['experts-touched'],
};

export const TIMING_TESTIDS = ['step-ms', 'ms-per-token', 'tokens-per-s', 'pp-stage-ms', 'pp-drain-ms', 'prefill-ms', 'ttft-ms'];

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
    for (const el of document.querySelectorAll('[data-testid^="input-"]')) {
      if (el.type !== 'file') inputs[el.dataset.testid] = el.value;
    }
    const values = {};
    for (const el of document.querySelectorAll('[data-testid][data-value]')) values[el.dataset.testid] = el.dataset.value;
    return { inputs, values };
  });
}
