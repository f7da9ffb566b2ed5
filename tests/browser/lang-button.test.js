// The language button on the English page names Chinese as 中文, which a machine without a CJK
// font draws as empty boxes (this test machine has none). It must still say what it does: a
// Latin code beside the name, in its own lang and drawn, 中文 drawn as an inline SVG of its strokes (no font
// needed), and an accessible name that holds both.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

test('the 中文 button has readable Latin text ("ZH", lang en, drawn) and an accessible name with it; the Chinese page\'s button is "English"', async () => {
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${env.server.url}?`);
  await waitForVerdict(page);
  await page.waitForSelector(tid('lang-toggle'));
  const latin = await page.evaluate(() => {
    const button = document.querySelector('[data-testid="lang-toggle"]');
    // Every text node of the button with the language it is read in: the Latin letters must sit in an English one.
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    const parts = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) parts.push({ text: n.data, lang: n.parentElement.closest('[lang]').getAttribute('lang') });
    const span = button.querySelector('[data-testid="lang-latin"]');
    const r = span?.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    return { parts, width: r?.width ?? 0, inside: r ? r.left >= b.left && r.right <= b.right : false, buttonLang: button.getAttribute('lang') };
  });
  assert.equal(latin.buttonLang, 'zh-CN', 'the button is Chinese, its name 中文');
  assert.ok(latin.parts.some((p) => p.lang === 'en' && /[A-Z]{2}/.test(p.text)), `Latin letters in an English part: ${JSON.stringify(latin.parts)}`);
  assert.ok(latin.parts.some((p) => p.lang === 'zh-CN' && /中文/.test(p.text)), 'the name in itself stays');
  assert.ok(latin.width > 8 && latin.inside, `the Latin code is drawn inside the button (${latin.width} px)`);
  // 中文 itself is drawn by the page (an inline SVG of its strokes, hidden from assistive technology), not by a
  // font: legible without a CJK font. Its text stays in the button for screen readers, visually hidden.
  const glyphs = await page.evaluate(() => {
    const button = document.querySelector('[data-testid="lang-toggle"]');
    const svg = button.querySelector('[data-testid="lang-glyphs"]');
    const r = svg?.getBoundingClientRect();
    const b = button.getBoundingClientRect();
    return {
      width: r?.width ?? 0, height: r?.height ?? 0, inside: r ? r.left >= b.left && r.right <= b.right : false,
      hidden: svg?.getAttribute('aria-hidden'), strokes: svg?.querySelector('path')?.getAttribute('d')?.split('M').length - 1,
      stroke: svg ? getComputedStyle(svg).stroke : null, color: getComputedStyle(button).color,
    };
  });
  assert.ok(glyphs.width >= 16 && glyphs.height >= 8 && glyphs.inside, `中文's glyphs are drawn inside the button: ${JSON.stringify(glyphs)}`);
  assert.equal(glyphs.hidden, 'true', 'the drawing is hidden from assistive technology (the text names the button)');
  assert.ok(glyphs.strokes >= 6, `中 and 文 are drawn stroke by stroke: ${glyphs.strokes} strokes`);
  assert.equal(glyphs.stroke, glyphs.color, 'the strokes take the button\'s text colour');
  // The button's accessible name, as the browser computes it, holds the Latin code and the name.
  assert.equal(await page.getByRole('button', { name: /中文 \/ ZH/ }).count(), 1, 'the accessible name says "中文 / ZH"');
  await page.click(tid('lang-toggle'));
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  assert.equal(await page.textContent(tid('lang-toggle')), 'English', 'the Chinese page names English in itself, no code needed');
  assert.equal(await page.getAttribute(tid('lang-toggle'), 'lang'), 'en');
  await context.close();
});
