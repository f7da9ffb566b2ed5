// verdictShown(): the rest of the page waits for the verdict's frame to be on
// screen (web/src/first-frame.js). The browser's parts are stubbed: Element
// Timing's observer, animation frames and the document.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

let observers;
let frames;

function stubBrowser({ elementTiming = true, verdict = true } = {}) {
  observers = [];
  frames = [];
  class Observer {
    static supportedEntryTypes = elementTiming ? ['element', 'paint'] : ['paint'];
    constructor(callback) {
      this.callback = callback;
      this.connected = false;
    }
    observe(options) {
      expect(options).toEqual({ type: 'element', buffered: true });
      this.connected = true;
      observers.push(this);
    }
    disconnect() {
      this.connected = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', Observer);
  vi.stubGlobal('requestAnimationFrame', (f) => frames.push(f));
  vi.stubGlobal('document', { querySelector: (s) => (verdict && s === '[elementtiming="verdict"]' ? {} : null) });
}
/** Delivers Element Timing entries to the live observers. */
const report = (...identifiers) => {
  for (const o of observers.filter((x) => x.connected)) o.callback({ getEntries: () => identifiers.map((identifier) => ({ identifier })) });
};
const nextFrame = () => frames.splice(0).forEach((f) => f());
/** The module afresh (it keeps one promise), and whether its promise has settled after the microtasks. */
async function load() {
  vi.resetModules();
  const { verdictShown } = await import('../../web/src/first-frame.js');
  let settled = false;
  const promise = verdictShown().then(() => {
    settled = true;
  });
  return { verdictShown, promise, settled: async () => (await Promise.resolve(), await Promise.resolve(), settled) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('verdictShown', () => {
  test('resolves on the verdict\'s Element Timing entry, not on another element\'s, and stops observing', async () => {
    stubBrowser();
    const { verdictShown, promise, settled } = await load();
    report('chart');
    expect(await settled()).toBe(false);
    report('verdict');
    await promise;
    expect(observers.every((o) => !o.connected)).toBe(true);
    // Every caller gets the same moment.
    expect(verdictShown()).toBe(verdictShown());
  });

  // Without Element Timing (Firefox, Safari), or with no verdict on the page (the Plan view).
  test.each([
    ['without Element Timing', { elementTiming: false }],
    ['with no verdict on the page', { verdict: false }],
  ])('%s, two animation frames stand in for the presentation', async (_, browser) => {
    stubBrowser(browser);
    const { promise, settled } = await load();
    expect(observers).toHaveLength(0);
    nextFrame();
    expect(await settled()).toBe(false);
    nextFrame();
    await promise;
  });

  test('a page that never paints (opened in the background) still goes on, after the bound', async () => {
    stubBrowser();
    const { promise, settled } = await load();
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await promise;
  });
});
