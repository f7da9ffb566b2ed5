// The scale-out inputs and the topology view (issue 37, item 5): the inputs are the field table's scale
// rows, folded; the topology view draws the report's nodes and says which collective crosses which link,
// each figure the core's (the vectors of tests/vectors/ep.json pin them).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { compareValue } from '../web/vector-rules.js';
import { startPage, tid, vectorsByName, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

const all = vectorsByName();

/** The topology view's figures against a vector's expected ones (data-value: exact). */
async function matchesVector(page, name) {
  const v = all.get(name);
  const paths = Object.keys(v.expected).filter((k) => k.startsWith('topology.'));
  assert.ok(paths.length >= 4, `${name} pins the topology`);
  for (const path of paths) {
    await page.waitForSelector(tid(path), { state: 'attached' });
    const raw = await page.getAttribute(tid(path), 'data-value');
    const got = typeof v.expected[path] === 'number' ? Number(raw) : raw;
    assert.equal(compareValue(path, v.expected[path], got, v.tol), null, `${name}: ${path}`);
  }
  return v;
}

test('two nodes of 8 at tp 16: two boxes of GPUs, the AllReduce over the NIC at its GB/s', async () => {
  const page = await env.browser.newPage();
  // scale-out-llama-3.1-405b-fp8-tp16-2-nodes-ib's request as a link: nn is nodes, from the field table.
  await page.goto(`${env.server.url}?m=llama-3.1-405b&g=h100-sxm&p=fp8&tp=16&nn=2&b=32&s=4096`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('topology'));
  await matchesVector(page, 'scale-out-llama-3.1-405b-fp8-tp16-2-nodes-ib');
  assert.equal(await page.locator(`${tid('topology')} ${tid('topology.node.0')}`).count(), 1);
  assert.equal(await page.locator(`${tid('topology')} ${tid('topology.node.1')}`).count(), 1);
  assert.equal(await page.locator(`${tid('topology')} .topo-gpu:not(.idle)`).count(), 16, 'the 16 GPUs drawn');
  assert.match(await page.textContent(tid('topology.allreduce_crosses')), /TP AllReduce crosses the NIC \(ib-ndr-400\)/);
  // The inputs: the scale-out block opens on a link that sets one, with the value the link gave.
  assert.equal(await page.locator('details.scale-out').evaluate((d) => d.open), true);
  assert.equal(await page.inputValue(tid('nodes')), '2');
  await page.close();
});

test('an EP case: the all-to-all crosses the NIC past one node; set through the form, the view follows', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=deepseek-v3&g=h200-sxm&tp=16&b=64&s=4096`);
  await waitForVerdict(page);
  // The block is folded: nothing set. Open it and type the layout, as a person would.
  assert.equal(await page.locator('details.scale-out').evaluate((d) => d.open), false);
  await page.locator('details.scale-out > summary').click();
  await page.fill(tid('nodes'), '2');
  await page.fill(tid('ep'), '16');
  await page.waitForSelector(tid('topology.a2a_crosses'));
  const v = await matchesVector(page, 'ep-deepseek-v3-2x8-h200-ep16');
  assert.equal(v.expected['topology.a2a_crosses'], 'scale-out');
  assert.match(await page.textContent(tid('topology.a2a_crosses')), /EP all-to-all crosses the NIC/);
  await page.close();
});

test('one node at tp 8 with EP: the all-to-all stays on the GPU link', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}?m=deepseek-v3&g=h200-sxm&p=fp8&tp=8&ep=8&b=64`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('topology.a2a_crosses'));
  assert.equal(await page.getAttribute(tid('topology.a2a_crosses'), 'data-value'), 'scale-up');
  assert.equal(await page.getAttribute(tid('topology.nodes'), 'data-value'), '1');
  assert.equal(await page.locator(`${tid('topology')} ${tid('topology.node.1')}`).count(), 0, 'one node drawn');
  await page.close();
});

test('a link with a scale-out input: its first frame is the full module\'s verdict, not the verdict module\'s guess', async () => {
  const page = await env.browser.newPage();
  // The expected step as the DOM first holds it: the hosted page's verdict module reads no scale-out input
  // (RL_SCALE_OUT=0), so a first verdict from it would time the AllReduce over NVLink, not the NIC.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const el = document.querySelector('[data-testid="realistic.step_ms"]');
      if (!el) return;
      window.firstStep = el.getAttribute('data-value');
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto(`${env.server.url}?m=llama-3.1-405b&g=h100-sxm&p=fp8&tp=16&nn=2&b=32&s=4096`);
  await waitForVerdict(page);
  const v = all.get('scale-out-llama-3.1-405b-fp8-tp16-2-nodes-ib');
  const first = Number(await page.evaluate(() => window.firstStep));
  assert.equal(compareValue('realistic.step_ms', v.expected['realistic.step_ms'], first, v.tol), null, `the first frame's expected step (${first})`);
  await page.close();
});
