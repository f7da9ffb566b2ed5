// The page's layout, measured in the browser: every input of the form shows its
// value and its unit; the charts' labels stay inside their chart and off each
// other; the cost chart reads in dark mode and says which line is which.
// Boxes are the browser's own (getBoundingClientRect, canvas measureText).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

const WIDTHS = [390, 1280];
const LANGS = ['en', 'zh-CN'];

async function open(query, { width = 1280, colorScheme = 'light' } = {}) {
  const context = await env.browser.newContext({ viewport: { width, height: 900 }, colorScheme });
  const page = await context.newPage();
  await page.goto(`${env.server.url}${query}`);
  // A size alone (n=) shows the estimate in the verdict's place.
  if (/[?&]n=/.test(query)) {
    await page.waitForSelector(tid('estimate'));
    await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
  } else await waitForVerdict(page);
  return { page, close: () => context.close() };
}

const withLang = (query, lang) => (lang === 'en' ? query : `${query}${query.includes('?') ? '&' : '?'}lang=${lang}`);

/**
 * Every visible text input of the form: the width its text needs (its value, else
 * its placeholder, in its own font) against the width it has, and where its unit
 * lies against its field and the content box of the form, or, on a narrow screen where
 * the form lays out no box of its own (display: contents), of its block (the key inputs,
 * the rest).
 */
function measureInputs() {
  const form = document.querySelector('form.inputs');
  const boxed = getComputedStyle(form).display !== 'contents';
  const contentOf = (el) => {
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    return {
      left: r.left + el.clientLeft + parseFloat(cs.paddingLeft),
      right: r.left + el.clientLeft + el.clientWidth - parseFloat(cs.paddingRight),
    };
  };
  const blocks = boxed ? [form] : [...form.querySelectorAll(':scope > .key-inputs, :scope > .form-rest')];
  const ctx = document.createElement('canvas').getContext('2d');
  const rows = [];
  for (const input of form.querySelectorAll('input[type="text"]')) {
    if (!input.offsetParent) continue;
    const cs = getComputedStyle(input);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const need = Math.max(ctx.measureText(input.value).width, ctx.measureText(input.placeholder).width);
    const have = input.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const content = contentOf(boxed ? form : input.closest('.key-inputs, .form-rest'));
    const unit = input.parentElement.querySelector('.unit');
    const field = input.closest('.field').getBoundingClientRect();
    const u = unit?.getBoundingClientRect();
    rows.push({
      id: input.dataset.testid, text: input.value || input.placeholder, need, have,
      unit: unit ? { text: unit.textContent, left: u.left, right: u.right, width: u.width, scroll: unit.scrollWidth } : null,
      field: { left: field.left, right: field.right }, content,
    });
  }
  return { rows, blocks: blocks.length, overflow: Math.max(...blocks.map((el) => el.scrollWidth - el.clientWidth)) };
}

test('every input of the form is wide enough for its value, its unit visible beside or under it (390 and 1280 px, en and zh-CN)', async () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, close } = await open(withLang('?', lang), { width });
      // Every folded part of the form open, and a workload as a person types it.
      await page.evaluate(() => document.querySelectorAll('form.inputs details').forEach((d) => { d.open = true; }));
      await page.fill(tid('requests_per_day'), '1000000');
      await page.fill(tid('input_tokens'), '32768');
      await page.fill(tid('output_tokens'), '4096');
      await waitForVerdict(page);
      const { rows, blocks, overflow } = await page.evaluate(measureInputs);
      const where = `${lang} at ${width} px`;
      assert.ok(rows.length > 20, `${where}: the form's inputs are measured (${rows.length})`);
      assert.equal(blocks, width <= 900 ? 2 : 1, `${where}: the form is measured as ${width <= 900 ? 'its two blocks' : 'one box'}`);
      assert.ok(overflow <= 0, `${where}: the form scrolls sideways by ${overflow} px`);
      for (const r of rows) {
        assert.ok(r.have + 0.5 >= r.need, `${where}: ${r.id} is ${r.have.toFixed(1)} px inside, "${r.text}" needs ${r.need.toFixed(1)} px`);
        if (!r.unit) continue;
        assert.ok(r.unit.scroll <= Math.ceil(r.unit.width), `${where}: ${r.id}'s unit "${r.unit.text}" is cut`);
        assert.ok(r.unit.left >= r.field.left - 0.5 && r.unit.right <= r.field.right + 0.5,
          `${where}: ${r.id}'s unit "${r.unit.text}" (${r.unit.left.toFixed(1)}..${r.unit.right.toFixed(1)}) leaves its field (${r.field.left.toFixed(1)}..${r.field.right.toFixed(1)})`);
        assert.ok(r.unit.right <= r.content.right + 0.5, `${where}: ${r.id}'s unit "${r.unit.text}" ends at ${r.unit.right.toFixed(1)}, past the form's ${r.content.right.toFixed(1)}`);
      }
    }
  }
});

/** Every text of a chart, as the browser lays it out, and the chart's own box. */
function measureChart(testid) {
  const svg = document.querySelector(`[data-testid="${testid}"]`);
  if (!svg) return null;
  const box = svg.getBoundingClientRect();
  const texts = [...svg.querySelectorAll('text')].filter((el) => !el.closest('.tip') && el.textContent.trim() !== '').map((el) => {
    const r = el.getBoundingClientRect();
    return { text: el.textContent, cls: el.getAttribute('class') ?? el.parentElement.getAttribute('class') ?? '', left: r.left, right: r.right, top: r.top, bottom: r.bottom };
  });
  return { box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom }, texts };
}

const overlaps = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
const show = (t) => `"${t.text}" (${t.left.toFixed(0)}..${t.right.toFixed(0)} × ${t.top.toFixed(0)}..${t.bottom.toFixed(0)})`;

/** Asserts that no two texts of a chart overlap and that each lies inside the chart. */
async function assertChartText(page, testid, where) {
  const chart = await page.evaluate(measureChart, testid);
  assert.ok(chart, `${where}: ${testid} is drawn`);
  const { box, texts } = chart;
  for (const t of texts) {
    assert.ok(t.left >= box.left - 0.5 && t.right <= box.right + 0.5 && t.top >= box.top - 0.5 && t.bottom <= box.bottom + 0.5,
      `${where}: ${testid}'s ${show(t)} leaves the chart (${box.left.toFixed(0)}..${box.right.toFixed(0)} × ${box.top.toFixed(0)}..${box.bottom.toFixed(0)})`);
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      assert.ok(!overlaps(texts[i], texts[j]), `${where}: ${testid}'s ${show(texts[i])} overlaps ${show(texts[j])}`);
    }
  }
}

// The default page, the two pages of the audit whose labels left the sweep chart (a
// batch near the KV wall; a parallelism with no room for any engine, "tight beyond 0").
const CHART_PAGES = [
  { query: '?', widths: [390, 1024, 1280, 1920] },
  { query: '?m=smollm2-135m&g=b200&b=4096&s=512', widths: [390, 1280] },
  { query: '?tp=1024&pp=1024', widths: [390, 1280] },
];

test('the roofline\'s and the sweep\'s labels overlap no other text and stay inside their chart (default page and the audit\'s, en and zh-CN)', async () => {
  for (const { query, widths } of CHART_PAGES) {
    for (const lang of LANGS) {
      for (const width of widths) {
        const { page, close } = await open(withLang(query, lang), { width });
        for (const id of ['roofline-plot', 'sweep-plot']) await assertChartText(page, id, `${withLang(query, lang)} at ${width} px`);
        await close();
      }
    }
  }
});

test('at 390 px the pages of the audit do not scroll sideways (a tile\'s "412,075 tok/s" ran 4 px out)', async () => {
  for (const { query } of CHART_PAGES) {
    for (const lang of LANGS) {
      const { page, close } = await open(withLang(query, lang), { width: 390 });
      const [scroll, inner] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scroll <= inner, `${withLang(query, lang)}: the page is ${scroll} px wide in a ${inner} px window`);
      await close();
    }
  }
});

// A workload with all three prices and both break-evens (llama-3-70b fp8 on two H100s).
const COST_PAGE = '?m=llama-3-70b&g=h100-sxm&tp=2&b=16&p=fp8&rpd=10000&it=1000&ot=500&iw=100';

/** The WCAG contrast of each of the cost chart's and its legend's words against the panel behind them. */
function costContrast() {
  const rgb = (s) => s.match(/[\d.]+/g).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const c = [r, g, b].map((v) => { const s = v / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const backdrop = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const bg = rgb(getComputedStyle(e).backgroundColor);
      if (bg.length < 4 || bg[3] > 0) return bg;
    }
    return [255, 255, 255];
  };
  const ratio = (a, b) => { const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };
  const chart = document.querySelector('[data-testid="cost-chart"]');
  const words = [...chart.querySelectorAll('text')].map((el) => ({ text: el.textContent, ratio: ratio(rgb(getComputedStyle(el).fill), backdrop(chart)) }));
  const legend = [...document.querySelectorAll('[data-testid="cost-legend"] li')].map((el) => ({ text: el.textContent, ratio: ratio(rgb(getComputedStyle(el).color), backdrop(el)) }));
  return { words, legend };
}

test('the cost chart reads in dark mode (its words ≥ 3:1 on the panel) and its legend names each line in its colour and the traffic', async () => {
  for (const colorScheme of ['dark', 'light']) {
    const { page, close } = await open(COST_PAGE, { colorScheme });
    const { words, legend } = await page.evaluate(costContrast);
    assert.ok(words.length >= 6, `${colorScheme}: the chart's words are measured`);
    for (const w of [...words, ...legend]) assert.ok(w.ratio >= 3, `${colorScheme}: "${w.text}" has a contrast of ${w.ratio.toFixed(2)}:1`);
    // One legend entry per line, its swatch in the line's colour, and one for the dotted traffic line.
    for (const k of ['buy', 'cloud', 'api']) {
      const [line, swatch] = await page.evaluate((key) => [
        getComputedStyle(document.querySelector(`[data-testid="cost-line-${key}"]`)).stroke,
        getComputedStyle(document.querySelector(`[data-testid="cost-legend-${key}"] line`)).stroke,
      ], k);
      assert.equal(swatch, line, `${colorScheme}: the ${k} legend's swatch has its line's colour`);
    }
    const traffic = await page.textContent(tid('cost-legend-traffic'));
    assert.match(traffic, /10,000/, 'the legend names the traffic line with its requests per day');
    await close();
  }
  // The legend's words are the page's language.
  const { page, close } = await open(withLang(COST_PAGE, 'zh-CN'));
  assert.match(await page.textContent(tid('cost-legend')), /购买硬件.*租用.*无服务器 API.*10,000/);
  await close();
});

test('the cost chart\'s words overlap no other text and stay inside it (390 and 1280 px, en and zh-CN)', async () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const { page, close } = await open(withLang(COST_PAGE, lang), { width });
      await assertChartText(page, 'cost-chart', `${withLang(COST_PAGE, lang)} at ${width} px`);
      await close();
    }
  }
});

test('the memory panel\'s figures stay inside their cells, "none: 107.42 GiB over" included (390 and 1280 px, en and zh-CN)', async () => {
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      const query = withLang('?m=llama-3-70b&g=rtx-4090', lang);
      const { page, close } = await open(query, { width });
      await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
      const out = await page.evaluate(() => [...document.querySelectorAll('.legend > div')].flatMap((cell) => {
        const box = cell.getBoundingClientRect();
        return [...cell.querySelectorAll('.num')].map((num) => {
          const r = num.getBoundingClientRect();
          return { id: num.dataset.testid ?? num.dataset.of, over: Math.max(0, r.right - box.right), text: num.textContent };
        }).filter((x) => x.over > 0.5);
      }));
      assert.deepEqual(out, [], `${query} at ${width} px`);
      await close();
    }
  }
});

// A key figure reads on one line in a desktop tile: a four-digit rate with its thousands
// separator and its unit ("1,380 tok/s") broke between them at 1280 px. Each figure's text is
// measured line by line (a Range's client rects), in both languages, for a batch whose
// rate has four digits and a tight fit whose verdict adds its expected tiles.
test('every key figure of the verdict sits on one line in its tile at 1280 px, and inside it at 390 px (en and zh-CN)', async () => {
  const TIGHT = '?m=llama-3.1-70b&g=h100-sxm&tp=2&p=fp8&b=32&s=8192';
  const BUSY = '?m=qwen3-8b&g=h200-sxm&b=256&s=2048';
  // Six digits: may take two lines in a tile, but never runs out of it.
  const HUGE = '?m=smollm2-135m&g=h200-sxm&b=1024&s=2048';
  for (const lang of LANGS) {
    for (const width of WIDTHS) {
      for (const query of [TIGHT, BUSY, HUGE]) {
        const { page, close } = await open(withLang(query, lang), { width });
        const figures = await page.evaluate(() => [...document.querySelectorAll('.tile .num.big')].map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          // Lines: a rect that overlaps no earlier line vertically starts a new one (the unit is smaller, so its
          // box sits lower on the same line).
          const lines = [];
          for (const r of [...range.getClientRects()].filter((x) => x.width > 0)) {
            if (!lines.some((l) => r.top < l.bottom && r.bottom > l.top)) lines.push({ top: r.top, bottom: r.bottom });
          }
          const box = el.getBoundingClientRect();
          const tile = el.closest('.tile').getBoundingClientRect();
          return { text: el.textContent, lines: lines.length, inside: box.left >= tile.left - 0.5 && box.right <= tile.right + 0.5 };
        }));
        assert.ok(figures.length >= 5, `${query} ${lang} ${width}: ${figures.length} figures`);
        assert.ok(figures.some((x) => /\d,\d{3} tok\/s/.test(x.text)), `${query}: a rate of four digits or more is measured (${figures.map((x) => x.text)})`);
        for (const x of figures) {
          assert.ok(x.inside, `${lang} ${width} px: "${x.text}" stays inside its tile`);
          if (width === 1280 && query !== HUGE) assert.equal(x.lines, 1, `${lang} 1280 px: "${x.text}" on one line`);
        }
        await close();
      }
    }
  }
});

// Every figure of a figures grid stays inside its cell: a figure that is a phrase (the
// estimate's "too few: 1 given, 2 needed for the weights") wraps instead of running past it.
test('every figure of a figures grid stays inside its cell (390 and 1280 px, en and zh-CN)', async () => {
  const pages = ['?n=70B&g=h100-sxm', '?n=70B&g=h100-sxm&tp=2', '?', '?m=llama-3-70b&g=a100-80g&pp=2&b=4'];
  for (const query of pages) {
    for (const lang of LANGS) {
      for (const width of WIDTHS) {
        const context = await env.browser.newContext({ viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${env.server.url}${withLang(query, lang)}`);
        await page.waitForSelector(`${tid('results')}[data-ready="true"]`);
        const cells = await page.evaluate(() => [...document.querySelectorAll('.figures > div')].filter((div) => div.offsetParent).flatMap((div) => {
          const cell = div.getBoundingClientRect();
          return [...div.querySelectorAll('.num')].map((num) => {
            const box = num.getBoundingClientRect();
            return { text: num.textContent, inside: box.left >= cell.left - 0.5 && box.right <= cell.right + 0.5 };
          });
        }));
        assert.ok(cells.length >= 4, `${query} ${lang} ${width}: ${cells.length} figures measured`);
        for (const x of cells) assert.ok(x.inside, `${query} ${lang} ${width} px: "${x.text}" runs past its cell`);
        await context.close();
      }
    }
  }
});

// A way out's Apply button keeps its word on one line beside a long sentence (the pair of
// changes in Chinese squeezed it to one character a line at 390 px).
// The size-only estimate lists its ways out the same way.
test('every Apply button of the ways out is one line (390 and 1280 px, en and zh-CN)', async () => {
  for (const [lang, query] of LANGS.flatMap((l) => ['?m=llama-3-70b&g=rtx-4090&p=fp16', '?n=70B&g=rtx-4090'].map((q) => [l, q]))) {
    for (const width of WIDTHS) {
      const { page, close } = await open(withLang(query, lang), { width });
      const buttons = await page.evaluate(() => [...document.querySelectorAll('[data-testid="remedies"] li > button, [data-testid="estimate.remedies"] li > button')].map((b) => {
        const range = document.createRange();
        range.selectNodeContents(b);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        return { text: b.textContent, lines: tops.size };
      }));
      assert.ok(buttons.length >= 2, `${query} ${lang} ${width}: ${buttons.length} Apply buttons`);
      for (const b of buttons) assert.equal(b.lines, 1, `${query} ${lang} ${width} px: "${b.text}" is on ${b.lines} lines`);
      await close();
    }
  }
});
