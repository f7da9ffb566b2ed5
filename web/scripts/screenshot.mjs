// Screenshots the built page for the README. Builds nothing: it opens the
// single file from dist/ (or --url) in headless Chromium.
// Usage: node web/scripts/screenshot.mjs [--width 1280] [--dark] [--out web/screenshot.png]
//        [--query "?m=qwen3-4b&g=a100-40g&b=8"] [--url http://127.0.0.1:5173/] [--full]
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { launchChromium } from './browser.mjs';

const { values: opt } = parseArgs({
  options: {
    width: { type: 'string', default: '1280' },
    height: { type: 'string', default: '900' },
    dark: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
    out: { type: 'string', default: fileURLToPath(new URL('../screenshot.png', import.meta.url)) },
    query: { type: 'string', default: '?m=qwen3-4b&g=a100-40g&b=8' },
    url: { type: 'string' },
  },
});

const single = fileURLToPath(new URL('../../dist/roofline-lint.html', import.meta.url));
if (!opt.url && !existsSync(single)) {
  console.error('dist/roofline-lint.html is missing: run `npm run build:web` first, or pass --url.');
  process.exit(1);
}
const target = (opt.url ?? pathToFileURL(single).href) + opt.query;
const browser = await launchChromium();
try {
  const context = await browser.newContext({
    viewport: { width: Number(opt.width), height: Number(opt.height) },
    deviceScaleFactor: Number(opt.width) < 600 ? 2 : 1,
    colorScheme: opt.dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  await page.goto(target);
  await page.waitForSelector('[data-testid=results][data-ready=true]');
  await page.waitForTimeout(100);
  await page.screenshot({ path: opt.out, fullPage: opt.full });
  console.log(`wrote ${opt.out} (${target})`);
} finally {
  await browser.close();
}
