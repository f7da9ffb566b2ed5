// Chinese: chosen from the browser's language, switched by the toggle, and
// carried by `lang` in the link; the core's messages follow, by their codes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SINGLE_FILE_URL, startPage, tid, waitForVerdict } from './helpers.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

const CJK = /[\u4e00-\u9fff]/;

async function open(url, locale = 'en-US') {
  const context = await env.browser.newContext({ locale });
  const page = await context.newPage();
  await page.goto(url);
  await waitForVerdict(page);
  return { context, page };
}

test('a Chinese browser gets the Chinese page, and the link stays free of lang', async () => {
  const { context, page } = await open(`${env.server.url}?m=qwen3-4b&g=a100-40g&b=8`, 'zh-CN');
  assert.equal(await page.textContent('#verdict-word'), '装得下');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  assert.match(await page.title(), /装得下/);
  assert.match(await page.textContent(tid('verdict')), /每张 GPU/);
  await page.waitForTimeout(400); // the address bar is synced after a short debounce
  assert.doesNotMatch(page.url(), /lang=/);
  await context.close();
});

test('the toggle switches every part to Chinese and back, and puts lang in the link', async () => {
  const { context, page } = await open(`${env.server.url}?m=qwen3-4b&g=a100-40g&b=128`);
  assert.equal(await page.textContent('#verdict-word'), 'Does not fit');
  // The toggle names the other language in itself, before that language's table has loaded.
  assert.equal(await page.textContent(tid('lang-toggle')), '中文');
  assert.equal(await page.getAttribute(tid('lang-toggle'), 'lang'), 'zh-CN');
  const englishRemedies = await page.textContent(tid('remedies'));
  await page.click(tid('lang-toggle'));
  await page.waitForFunction(() => document.querySelector('#verdict-word').textContent === '装不下');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
  // The core's remedies, worded from their codes and values: Chinese, numbers kept.
  const remedies = await page.textContent(tid('remedies'));
  assert.match(remedies, CJK);
  for (const x of englishRemedies.match(/\d+(\.\d+)?/g)) assert.ok(remedies.includes(x), `${x} kept`);
  assert.match(await page.textContent('form.inputs'), /模型/);
  assert.equal(await page.textContent(tid('lang-toggle')), 'English');
  await page.waitForFunction(() => location.search.endsWith('&lang=zh-CN'));
  const url = page.url();
  await page.click(tid('lang-toggle'));
  await page.waitForFunction(() => document.querySelector('#verdict-word').textContent === 'Does not fit');
  await context.close();

  // The link alone brings the Chinese page to an English browser.
  const again = await open(url, 'en-US');
  assert.equal(await again.page.textContent('#verdict-word'), '装不下');
  assert.equal(await again.page.locator(tid('link-notice')).count(), 0);
  await again.context.close();
});

test('the explanations and a hostile lang value: Chinese formulas, and a notice instead of script', async () => {
  const { context, page } = await open(`${SINGLE_FILE_URL}?m=qwen3-4b&g=a100-40g&lang=zh-CN`);
  assert.equal(await page.textContent('#verdict-word'), '装得下');
  const explain = page.locator('details.explain').first();
  await explain.locator('summary').click();
  // The formula is built on the toggle event's render: wait for it.
  await explain.locator('.formula').first().waitFor();
  assert.match(await explain.textContent(), /这是怎么算的|步是怎么算的/);
  assert.match(await explain.locator('.formula').first().textContent(), CJK);
  await context.close();

  const hostile = await open(`${env.server.url}?m=qwen3-4b&lang=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E`);
  let dialogs = 0;
  hostile.page.on('dialog', () => dialogs++);
  assert.equal(await hostile.page.textContent('#verdict-word'), 'Fits');
  assert.match(await hostile.page.textContent(tid('link-notice')), /“lang”/);
  assert.equal(await hostile.page.locator('img[src="x"]').count(), 0);
  assert.equal(dialogs, 0);
  await hostile.context.close();
});
