// Headless Chromium from the system (never downloaded), with the flags this
// machine needs: no sandbox, no GPU, no background network traffic.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** The Chromium binary the tests and the bench drive (CHROMIUM=/path picks another). */
export function chromiumPath() {
  return process.env.CHROMIUM ?? '/usr/bin/chromium';
}

export function launchChromium() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
}

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
