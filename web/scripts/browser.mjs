// Headless Chromium from the system (never downloaded), with the flags this
// machine needs: no sandbox, no GPU, no background network traffic.
//
// Which build: Debian's chromium-headless-shell when it is installed (core/scripts/setup.sh
// installs it), else Debian's chromium; CHROMIUM=/path picks another. The headless shell is
// the same Blink and V8 without the desktop browser around them: a new page cost about
// 0.25 s of CPU there against 0.66 s in chromium --headless, and the browser suite is bound
// by the CPU.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const SHELL = '/usr/bin/chromium-headless-shell';

/** The Chromium binary the tests and the bench drive. */
export function chromiumPath() {
  return process.env.CHROMIUM ?? (existsSync(SHELL) ? SHELL : '/usr/bin/chromium');
}

/** Launches Chromium: the tests' (chromiumPath()) unless another binary is given. */
export function launchChromium(executablePath = chromiumPath()) {
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** The desktop build, chromium --headless: what the bench times, as close to a user's browser as this machine has. */
export const DESKTOP_CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** One Chromium for many test processes: they connect to its wsEndpoint() (tests/runner/browser.mjs). */
export function launchChromiumServer() {
  return chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

/**
 * The browser a test drives: the shared one when RL_BROWSER_WS names it (closing it
 * then only disconnects this process, with the contexts it opened), else its own.
 */
export function browserForTests() {
  const ws = process.env.RL_BROWSER_WS;
  return ws ? chromium.connect(ws) : launchChromium();
}
