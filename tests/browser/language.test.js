// Chinese: chosen from the browser's language, switched by the toggle, and
// carried by `lang` in the link; the core's messages follow, by their codes.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SINGLE_FILE_URL, loadBuiltCore, startPage, tid, waitForVerdict } from './helpers.js';
import { allowList, englishWords } from '../web/english.js';

let env;
before(async () => {
  env = await startPage();
});
after(() => env?.close());

const CJK = /[\u4e00-\u9fff]/;

async function open(url, locale = 'en-US') {
  const context = await env.browser.newContext({ locale });
  // Counts the page's writes of its link to the address bar (web/src/link/share.js, debounced),
  // so that a test can wait for the page to have written it rather than for a time.
  await context.addInitScript(() => {
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args) => {
      window.rlLinkWrites = (window.rlLinkWrites ?? 0) + 1;
      return replace(...args);
    };
  });
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
  // The address bar is synced after a short debounce: wait until the page has written it.
  await page.waitForFunction(() => window.rlLinkWrites > 0);
  assert.match(page.url(), /m=qwen3-4b/, 'the link the page wrote');
  assert.doesNotMatch(page.url(), /lang=/);
  await context.close();
});

test('the toggle switches every part to Chinese and back, and puts lang in the link', async () => {
  const { context, page } = await open(`${env.server.url}?m=qwen3-4b&g=a100-40g&b=128`);
  assert.equal(await page.textContent('#verdict-word'), 'Does not fit');
  // The toggle names the other language in itself, before that language's table has loaded, with a
  // Latin code after it (lang-button.test.js: it reads without a CJK font).
  assert.equal(await page.textContent(tid('lang-toggle')), '中文 / ZH');
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
  assert.match(await explain.textContent(), /这是怎么算的|步是怎么算的|预期值如何计算/);
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

/** The text of the sections a selector finds, without what is marked as a quotation, with their placeholders. */
function readSections(page, selector) {
  return page.$$eval(selector, (els) => els.map((el) => {
    const copy = el.cloneNode(true);
    for (const c of copy.querySelectorAll('cite[lang="en"]')) c.remove();
    const holders = [...copy.querySelectorAll('[placeholder]')].map((x) => x.getAttribute('placeholder'));
    const texts = [];
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.data);
    return `${texts.join(' ')} ${holders.join(' ')}`;
  }).join(' '));
}

test('the Chinese page with its folded sections open: no English left in the expected figures, the cost, the form or the estimate', async () => {
  const presets = (await loadBuiltCore()).presets();
  const allow = allowList([...presets.models.map((m) => m.name), ...presets.gpus.map((g) => g.name)]);
  const { context, page } = await open(`${env.server.url}?m=llama-3-70b&g=h100-sxm&tp=2&p=fp8&rpd=10000&it=1000&ot=500&lang=zh-CN`);
  await page.locator(`${tid('realistic.assumptions')} summary`).click();
  await page.locator(`${tid('realistic.assumptions')} tbody tr`).first().waitFor();
  for (const folded of [`${tid('cost-panel')} details`, 'details.engine', 'details.prices']) {
    const summary = page.locator(`${folded} > summary`);
    if (!(await page.locator(folded).evaluate((d) => d.open))) await summary.click();
  }
  const assumptions = await readSections(page, tid('realistic.assumptions'));
  assert.match(assumptions, /步长 = max\(字节数/);
  assert.deepEqual(englishWords(assumptions, allow), []);
  const cost = await readSections(page, tid('cost-panel'));
  assert.doesNotMatch(cost, /buy\.|_watts|usd_per/);
  assert.deepEqual(englishWords(cost, allow), []);
  // The price presets' sources are quoted as they are, marked as quotations.
  assert.ok(await page.locator(`${tid('cost-assumptions')} cite[lang="en"]`).count() > 0);
  const form = await readSections(page, `${tid('workload-group')}, details.engine, .hf-fetch`);
  assert.match(form, /请求\/天/);
  assert.deepEqual(englishWords(form, allow), []);
  await context.close();

  // Only a size: the estimate stands where the verdict would. 70B in 16 bits on one H100 does not fit:
  // a refusal, its shortfall and its ways out, in Chinese too.
  const size = { context: await env.browser.newContext({ locale: 'en-US' }) };
  size.page = await size.context.newPage();
  await size.page.goto(`${env.server.url}?n=70B&g=h100-sxm&lang=zh-CN`);
  await size.page.waitForSelector(tid('estimate'));
  await size.page.waitForFunction(() => document.querySelector('#estimate-word')?.textContent === '装不下');
  const estimate = await readSections(size.page, tid('estimate'));
  assert.match(estimate, /⌈权重 \/ 每张可用⌉/);
  assert.match(estimate, /每张 GPU 差/);
  assert.match(estimate, /把权重存为 fp8（当前 fp16）。/);
  assert.deepEqual(englishWords(estimate, allow), []);
  await size.context.close();
});
