#!/usr/bin/env node
// The browser suite with one Chromium: launched here once, and every test file
// connects to it (tests/browser/helpers.js reads RL_BROWSER_WS) and opens a
// fresh context per test, so no two tests share cookies, storage, cache or a
// page. Launching a browser per file cost about half a second of two cores for
// each of twenty files.
//
// Usage: node tests/runner/browser.mjs [FILE ...]   (default: every tests/browser/*.test.js)
// Prints node --test's TAP; exits with its code.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromiumServer } from '../../web/scripts/browser.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const files = process.argv.slice(2);
if (files.length === 0) {
  for (const f of readdirSync(new URL('../browser/', import.meta.url)).filter((n) => n.endsWith('.test.js')).sort()) {
    files.push(`tests/browser/${f}`);
  }
}

const server = await launchChromiumServer();
// One file at a time: the suite is bound by the machine's cores (Chromium renders each
// page on them), and two files side by side each took twice as long.
const child = spawn(process.execPath, ['--test', '--test-reporter=tap', '--test-concurrency=1', ...files], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, RL_BROWSER_WS: server.wsEndpoint() },
});
const stop = () => child.kill('SIGTERM');
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(signal ? 1 : c ?? 1)));
await server.close();
process.exit(code);
