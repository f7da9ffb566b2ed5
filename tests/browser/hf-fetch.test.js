// "Fetch" of a Hugging Face repo's config.json (HfFetch.jsx): only on the click,
// from the one host the CSP allows. A local stand-in on the page's own origin
// plays the Hub (the page's base is injected before it runs); with the network
// off, and for a gated repo, the page says so and points to the paste box.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { browserForTests } from '../../web/scripts/browser.mjs';
import { DIST, requireDist, tid, waitForVerdict } from './helpers.js';

const CONFIG = '{"model_type":"llama","hidden_size":64,"intermediate_size":128,"num_hidden_layers":2,"num_attention_heads":4,"num_key_value_heads":2,"vocab_size":100,"max_position_embeddings":4096}';
// 2·100·64 embeddings + 2 layers of (4096 + 2048 + 2048 + 4096 attention + 3·64·128 MLP + 2·64 norms) + 64.
const PARAMS = 86848;
const INDEX = '{"metadata":{"total_size":173696},"weight_map":{}}';
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.webmanifest': 'application/manifest+json' };

let browser, server, url;
const hits = [];

/** dist/ plus the stand-in Hub under /hub/: acme/tiny (config + index), acme/single (config + the model API's count),
 * acme/gated (401), acme/private (403). */
function startServer() {
  const base = resolve(DIST);
  server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/hub/')) {
      hits.push(path);
      const files = {
        '/hub/acme/tiny/resolve/main/config.json': CONFIG,
        '/hub/acme/tiny/resolve/main/model.safetensors.index.json': INDEX,
        // acme/single: one model.safetensors, no index; the Hub's model API counts its parameters.
        '/hub/acme/single/resolve/main/config.json': CONFIG,
        '/hub/api/models/acme/single': `{"id":"acme/single","safetensors":{"parameters":{"BF16":${PARAMS + 1}},"total":${PARAMS + 1}}}`,
      };
      const status = path.startsWith('/hub/acme/gated/') ? 401 : path.startsWith('/hub/acme/private/') ? 403 : files[path] ? 200 : 404;
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(status === 200 ? files[path] : '{"error":"stand-in"}');
      return;
    }
    try {
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(`http://127.0.0.1:${server.address().port}/`)));
}

before(async () => {
  requireDist();
  url = await startServer();
  browser = await browserForTests();
});
after(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done) ?? done());
});

/** A page whose Hub is the stand-in. */
async function open() {
  const context = await browser.newContext();
  await context.addInitScript((b) => { globalThis.ROOFLINE_HF_BASE = b; }, `${url}hub`);
  const page = await context.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(url);
  await waitForVerdict(page);
  return { context, page, requested };
}

test('the CSP lets the page connect to huggingface.co and nowhere else outside', () => {
  const hosted = readFileSync(`${DIST}index.html`, 'utf8').match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
  assert.match(hosted, /(^|; )connect-src 'self' https:\/\/huggingface\.co(;|$)/);
  const single = readFileSync(`${DIST}roofline-lint.html`, 'utf8').match(/http-equiv="Content-Security-Policy" content="([^"]+)"/)[1];
  assert.match(single, /(^|; )connect-src https:\/\/huggingface\.co(;|$)/);
  for (const policy of [hosted, single]) assert.equal(policy.match(/https?:\/\//g).length, 1, policy);
});

test('typing makes no request; Fetch loads config.json and the published total into the config box', async () => {
  const { context, page, requested } = await open();
  await page.fill(tid('hf-repo'), 'acme/tiny');
  await page.press(tid('hf-repo'), 'Tab');
  // A request the page starts after the typing is ordered after it: none went to the Hub before this one.
  await page.evaluate(() => fetch('./sentinel-after-typing').catch(() => {}));
  const sentinel = requested.indexOf('/sentinel-after-typing');
  assert.ok(sentinel >= 0);
  assert.deepEqual(requested.slice(0, sentinel).filter((p) => p.startsWith('/hub/')), []);
  assert.equal(await page.getAttribute(tid('hf-status'), 'data-state'), 'idle');

  await page.click(tid('hf-fetch'));
  await page.waitForSelector(`${tid('hf-status')}[data-state="done"]`);
  assert.match(await page.textContent(tid('hf-status')), /173,696 bytes/);
  assert.equal(await page.inputValue(tid('config')), CONFIG);
  assert.equal(await page.inputValue(tid('model')), 'custom');
  await page.waitForSelector(`${tid('model.params_total')}[data-value="${PARAMS}"]`);
  assert.deepEqual(requested.filter((p) => p.startsWith('/hub/')),
    ['/hub/acme/tiny/resolve/main/config.json', '/hub/acme/tiny/resolve/main/model.safetensors.index.json', '/hub/api/models/acme/tiny']);
  assert.equal(await page.getAttribute(tid('checkpoint-check'), 'data-from'), 'index');
  // The index went to the checkpoint field: 173,696 bytes at 2 B each are the 86,848 counted.
  await page.waitForSelector(`${tid('checkpoint-check')}[data-value="true"]`);
  assert.equal(await page.getAttribute(tid('checkpoint.published_params'), 'data-value'), String(PARAMS));
  assert.match(await page.textContent(tid('checkpoint-state')), /0 tensors, 173,696 bytes/);
  await context.close();
});

test('a checkpoint in one file: the Hub model API\'s count is set beside the count', async () => {
  const { context, page, requested } = await open();
  await page.fill(tid('hf-repo'), 'acme/single');
  await page.click(tid('hf-fetch'));
  await page.waitForSelector(`${tid('hf-status')}[data-state="done"]`);
  assert.match(await page.textContent(tid('hf-status')), /the Hub counts 86,849 parameters/);
  assert.ok(requested.includes('/hub/api/models/acme/single'));
  // One parameter more than the 86,848 counted: the check says so, from the Hub's own count.
  await page.waitForSelector(`${tid('checkpoint-check')}[data-from="hub_api"]`);
  assert.equal(await page.getAttribute(tid('checkpoint-check'), 'data-value'), 'true');
  assert.equal(await page.getAttribute(tid('checkpoint.published_params'), 'data-value'), String(PARAMS + 1));
  // Within 0.1%: the check says the count matches.
  assert.match(await page.textContent(tid('checkpoint-check')), /86,849 parameters, as the Hub's model API counts this checkpoint: the count matches/);
  assert.match(await page.textContent(tid('checkpoint-state')), /model API counts 86,849 parameters \(no index/);
  await context.close();
});

test('a pasted index that disagrees: the count beside it, the part that explains it; a bad one names its field', async () => {
  const { context, page } = await open();
  await page.selectOption(tid('model'), 'custom');
  await page.fill(tid('config'), CONFIG);
  await page.waitForSelector(`${tid('model.params_total')}[data-value="${PARAMS}"]`);
  // No lm_head.weight though the config unties it: the checkpoint ties it, 100 x 64 = 6,400 fewer
  // parameters, (86,848 - 6,400) x 2 = 160,896 bytes.
  const index = '{"metadata": {"total_size": 160896}, "weight_map": {"model.embed_tokens.weight": "a", "model.layers.1.mlp.up_proj.weight": "a"}}';
  await page.fill(tid('checkpoint'), index);
  await page.waitForSelector(`${tid('checkpoint-check')}[data-value="false"]`);
  assert.equal(await page.getAttribute(tid('checkpoint.published_params'), 'data-value'), '80448');
  assert.equal(await page.getAttribute(tid('checkpoint.difference'), 'data-value'), '6400');
  assert.equal(await page.getAttribute(tid('checkpoint.part.no_lm_head'), 'data-value'), '-6400');
  const text = await page.textContent(tid('checkpoint-check'));
  assert.match(text, /80,448 parameters \(160,896 bytes at 2 B each\): 6,400 fewer than counted/);
  assert.match(text, /account for the whole difference/);
  // An index without its size: the field says which key is missing, and the check goes.
  await page.fill(tid('checkpoint'), '{"metadata": {}, "weight_map": {}}');
  await page.waitForSelector(tid('error-checkpoint'));
  assert.match(await page.textContent(tid('error-checkpoint')), /index\.metadata\.total_size/);
  await page.waitForSelector(tid('checkpoint-check'), { state: 'detached' });
  await context.close();
});

test('a config whose layers are not modeled is sized from its index, saying what is not modeled', async () => {
  const { context, page } = await open();
  await page.selectOption(tid('model'), 'custom');
  // Nemotron-H's Mamba-2 mixers (hybrid_override_pattern): refused, naming the field...
  const hybrid = '{"model_type": "nemotron_h", "hidden_size": 4096, "num_hidden_layers": 4, "num_attention_heads": 32, ' +
    '"num_key_value_heads": 8, "intermediate_size": 21504, "vocab_size": 131072, "hybrid_override_pattern": "M-M*", ' +
    '"time_step_limit": [0.0, Infinity]}';
  await page.fill(tid('config'), hybrid);
  await page.waitForSelector(tid('error-config'));
  assert.match(await page.textContent(tid('error-config')), /hybrid_override_pattern/);
  // ...until its index gives the weights: 16,218,071,040 bytes, 8,109,035,520 parameters at 2 B.
  await page.fill(tid('checkpoint'), '{"metadata": {"total_size": 16218071040}, "weight_map": {"lm_head.weight": "a"}}');
  await page.waitForSelector(`${tid('estimate-banner')}[data-sized-from="index"]`);
  assert.equal(await page.getAttribute(tid('estimate.params'), 'data-value'), '8109035520');
  const banner = await page.textContent(tid('estimate-banner'));
  assert.match(banner, /exact 16,218,071,040 bytes/);
  assert.match(await page.textContent(tid('estimate.unmodeled')), /hybrid_override_pattern.*not modeled for model_type "nemotron_h"/);
  await context.close();
});

test('a gated or private repo: the page says so and offers the paste box, the config stays', async () => {
  const { context, page } = await open();
  const before = await page.inputValue(tid('config'));
  for (const [repo, status] of [['acme/gated', '401'], ['acme/private', '403']]) {
    await page.fill(tid('hf-repo'), repo);
    await page.click(tid('hf-fetch'));
    await page.waitForSelector(`${tid('hf-status')}[data-state="gated"]`);
    const text = await page.textContent(tid('hf-status'));
    assert.match(text, new RegExp(`${repo} is gated or private \\(HTTP ${status}\\)`));
    assert.equal(await page.getAttribute(tid('hf-paste'), 'href'), '#in-config');
    await page.fill(tid('hf-repo'), '');
  }
  await page.fill(tid('hf-repo'), 'acme/none');
  await page.click(tid('hf-fetch'));
  await page.waitForSelector(`${tid('hf-status')}[data-state="missing"]`);
  assert.equal(await page.inputValue(tid('config')), before);
  await context.close();
});

test('with the network off the page says it is offline and offers the paste box', async () => {
  const { context, page, requested } = await open();
  await context.setOffline(true);
  await page.fill(tid('hf-repo'), 'acme/tiny');
  await page.click(tid('hf-fetch'));
  await page.waitForSelector(`${tid('hf-status')}[data-state="offline"]`);
  assert.match(await page.textContent(tid('hf-status')), /offline/);
  assert.ok(await page.isVisible(tid('hf-paste')));
  assert.ok(requested.includes('/hub/acme/tiny/resolve/main/config.json'), 'the click did try');
  assert.notEqual(await page.inputValue(tid('model')), 'custom');
  await context.close();
});

test('without a stand-in the click goes to https://huggingface.co/ORG/NAME/resolve/main/config.json', async () => {
  const context = await browser.newContext();
  const asked = [];
  await context.route('https://huggingface.co/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 403, body: '' });
  });
  const page = await context.newPage();
  await page.goto(url);
  await waitForVerdict(page);
  await page.fill(tid('hf-repo'), 'Qwen/Qwen3-8B');
  await page.click(tid('hf-fetch'));
  await page.waitForSelector(`${tid('hf-status')}[data-state="gated"]`);
  assert.deepEqual(asked, ['https://huggingface.co/Qwen/Qwen3-8B/resolve/main/config.json']);
  await context.close();
});
