// Headless Chromium from the system (never downloaded), with the flags this
// machine needs: no sandbox, no GPU, no background network traffic.
import { chromium } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}
