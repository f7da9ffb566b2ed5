// On a phone (390 × 844) the key inputs (model, GPU, context, batch, engine) and the
// verdict share the first screen: a person changes batch and sees the answer without
// scrolling. Boxes are the browser's own (getBoundingClientRect), measured at the top
// of the page (no scroll), for a fitting deployment (its verdict word and its headline
// expected figure) and a refused one (its verdict word and its shortfall).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

const PHONE = { width: 390, height: 844 };
const KEYS = ['model', 'gpu', 'seq', 'batch', 'engine'].map(tid);
// The verdict's word (fits, tight, can't run) has an id: the verdict is labelled by it.
const WORD = '#verdict-word';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

/** Each selector's box in the viewport, or null where it is absent. */
function boxes(ids) {
  return ids.map((id) => {
    const el = document.querySelector(id);
    if (!el) return { id, box: null };
    const r = el.getBoundingClientRect();
    return { id, box: { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, height: r.height } };
  });
}

async function assertFirstScreen(query, ids, lang) {
  const context = await env.browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`${env.server.url}${query}${lang === 'en' ? '' : `&lang=${lang}`}`);
  await waitForVerdict(page);
  assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page opens at its top');
  for (const { id, box } of await page.evaluate(boxes, ids)) {
    const where = `${query} ${lang}: ${id}`;
    assert.ok(box, `${where} is on the page`);
    assert.ok(box.width > 0 && box.height > 0, `${where} is shown`);
    assert.ok(box.left >= 0 && box.right <= PHONE.width,
      `${where} runs from ${box.left.toFixed(0)} to ${box.right.toFixed(0)} px across a ${PHONE.width} px screen`);
    assert.ok(box.top >= 0 && box.bottom <= PHONE.height,
      `${where} ends ${box.bottom.toFixed(0)} px down, past the first screen's ${PHONE.height} px`);
  }
  await context.close();
}

test('at 390 × 844 a fitting deployment\'s key inputs, verdict word and headline expected figure are on the first screen (en and zh-CN)', async () => {
  for (const lang of ['en', 'zh-CN']) {
    await assertFirstScreen('?m=llama-3.1-8b&g=h100-sxm&b=8', [...KEYS, WORD, tid('realistic.tokens_per_s')], lang);
  }
});

test('at 390 × 844 a refused deployment\'s key inputs, verdict word and shortfall are on the first screen (en and zh-CN)', async () => {
  for (const lang of ['en', 'zh-CN']) {
    await assertFirstScreen('?m=llama-3-70b&g=rtx-4090&p=fp16', [...KEYS, WORD, tid('memory.shortfall_gib')], lang);
  }
});

/** Every select of the form: its chosen option's text, measured in its own font, against the room it has. */
function selectRoom() {
  const ctx = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('form.inputs select')].filter((el) => el.offsetParent).map((el) => {
    const cs = getComputedStyle(el);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const text = el.selectedOptions[0]?.textContent ?? '';
    // The drop-down arrow takes ~20 px of the content box.
    const have = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return { id: el.dataset.testid, text, need: ctx.measureText(text).width, have };
  });
}

test('at 390 px every select of the form shows its chosen option whole ("union (expected)" was cut; en and zh-CN)', async () => {
  for (const lang of ['en', 'zh-CN']) {
    const context = await env.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    // An MoE model (its expert read a choice), a long GPU name, every folded part open.
    await page.goto(`${env.server.url}?m=mixtral-8x7b&g=a100-40g&tp=4${lang === 'en' ? '' : `&lang=${lang}`}`);
    await waitForVerdict(page);
    await page.evaluate(() => document.querySelectorAll('form.inputs details').forEach((d) => { d.open = true; }));
    const rows = await page.evaluate(selectRoom);
    assert.ok(rows.length >= 6, `${lang}: the form's selects are measured (${rows.length})`);
    assert.ok(rows.some((r) => r.id === 'moe_read'), `${lang}: the MoE read is measured`);
    for (const r of rows) assert.ok(r.have + 0.5 >= r.need, `${lang}: ${r.id} shows "${r.text}" in ${r.have.toFixed(0)} px, it needs ${r.need.toFixed(0)}`);
    await context.close();
  }
});
