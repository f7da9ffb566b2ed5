// At phone width (390 px) the roofline's and the sweep's words stay off the chart's own lines:
// the roof, the ridge, the KV wall, the trajectory and the expected point's drop; the sweep's
// four curves, its wall, its "tight" line and the current batch's line. (That no two words overlap
// and none leaves its chart is layout-overlap.test.js's.) Boxes are the browser's own: each
// word's getBoundingClientRect, each line sampled every 2 px along its length
// (getPointAtLength) and carried into the page's coordinates by its screen matrix.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

// The default page, the audit's (a batch near the KV wall; a parallelism with no room for any engine),
// an MoE model, and a prefill whose point sits near the ridge.
const PAGES = ['?', '?m=smollm2-135m&g=b200&b=4096&s=512', '?tp=1024&pp=1024', '?m=mixtral-8x7b&g=h100-sxm&tp=2&b=8', '?m=llama-3.1-8b&g=rtx-4090&b=16&s=512'];

/** Each word of the chart that a line runs through: the word, and where. */
function wordsOnLines(testid) {
  const svg = document.querySelector(`[data-testid="${testid}"]`);
  if (!svg) return null;
  // The chart's own lines, not its grid; the slope's label, turned along the roof on purpose, is not measured.
  const lines = [...svg.querySelectorAll('path, polyline, line')].filter((el) => !el.closest('.axis, .cursor, .tip') && !el.classList.contains('hit'));
  const samples = lines.flatMap((el) => {
    const m = el.getScreenCTM();
    const length = el.getTotalLength();
    const out = [];
    for (let s = 0; s <= length; s += 2) {
      const p = el.getPointAtLength(s);
      out.push({ cls: el.getAttribute('class') ?? el.parentElement.getAttribute('class') ?? el.localName, x: m.a * p.x + m.c * p.y + m.e, y: m.b * p.x + m.d * p.y + m.f });
    }
    return out;
  });
  const hits = [];
  for (const text of svg.querySelectorAll('text')) {
    if (text.closest('.tip') || text.hasAttribute('transform') || text.textContent.trim() === '') continue;
    const r = text.getBoundingClientRect();
    const hit = samples.find((p) => p.x > r.left + 1 && p.x < r.right - 1 && p.y > r.top + 1 && p.y < r.bottom - 1);
    if (hit) hits.push(`"${text.textContent}" (${r.left.toFixed(0)}..${r.right.toFixed(0)} × ${r.top.toFixed(0)}..${r.bottom.toFixed(0)}) lies on the ${hit.cls} line at ${hit.x.toFixed(0)}, ${hit.y.toFixed(0)}`);
  }
  return { lines: lines.length, hits };
}

test('at 390 px no word of the roofline or the sweep lies on one of their lines (en and zh-CN)', async () => {
  // Every page's words on lines, gathered before the one assertion: a fix is judged on all of them.
  const all = [];
  for (const lang of ['en', 'zh-CN']) {
    for (const query of PAGES) {
      const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const url = lang === 'en' ? query : `${query}${query === '?' ? '' : '&'}lang=${lang}`;
      await page.goto(`${env.server.url}${url}`);
      await waitForVerdict(page);
      for (const id of ['roofline-plot', 'sweep-plot']) {
        const found = await page.evaluate(wordsOnLines, id);
        assert.ok(found, `${url}: ${id} is drawn`);
        assert.ok(found.lines >= 3, `${url}: ${id}'s lines are measured (${found.lines})`);
        all.push(...found.hits.map((h) => `${url} ${id}: ${h}`));
      }
      await context.close();
    }
  }
  assert.deepEqual(all, []);
});
