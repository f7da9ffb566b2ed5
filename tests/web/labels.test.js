// The charts' label placement (web/src/charts/labels.js): pure functions, checked
// here on hand-made layouts; the browser test (tests/browser/layout-overlap.test.js)
// checks the real charts.
import { describe, expect, test } from 'vitest';
import { LINE, around, beside, clash, dot, labelBox, lineObstacles, placeLabels, textAt, textWidth, vline, wrapped } from '../../web/src/charts/labels.js';

const bounds = { left: 0, right: 300, top: 0, bottom: 200 };

describe('textWidth', () => {
  test('a CJK character is a full em, wider than a Latin one', () => {
    expect(textWidth('中', 12)).toBe(12);
    expect(textWidth('a', 12)).toBeLessThan(12);
    expect(textWidth('中文', 12)).toBe(2 * textWidth('中', 12));
  });
  test('narrow punctuation is narrower than a digit, and bold is wider than regular', () => {
    expect(textWidth('.', 12)).toBeLessThan(textWidth('8', 12));
    expect(textWidth('W', 12)).toBeGreaterThan(textWidth('8', 12));
    expect(textWidth('decode', 12, true)).toBeGreaterThan(textWidth('decode', 12, false));
    expect(textWidth('decode', 24)).toBeCloseTo(2 * textWidth('decode', 12), 9);
  });
});

describe('labelBox and clash', () => {
  test('the anchor sets which side of x the box lies on', () => {
    const w = textWidth('abc', 12);
    expect(labelBox(['abc'], 100, 50, 'start')).toMatchObject({ left: 100, right: 100 + w });
    expect(labelBox(['abc'], 100, 50, 'end')).toMatchObject({ left: 100 - w, right: 100 });
    expect(labelBox(['abc'], 100, 50, 'middle').left).toBeCloseTo(100 - w / 2, 9);
  });
  test('each more line adds a line pitch below the first baseline', () => {
    const one = labelBox(['a'], 0, 50), two = labelBox(['a', 'b'], 0, 50);
    expect(two.top).toBe(one.top);
    expect(two.bottom - one.bottom).toBe(14);
  });
  test('apart is 0; overlapping is the shared area; a zero-width line still counts', () => {
    const a = { left: 0, right: 10, top: 0, bottom: 10 };
    expect(clash(a, { left: 20, right: 30, top: 0, bottom: 10 })).toBe(0);
    expect(clash(a, { left: 5, right: 15, top: 5, bottom: 15 }, 0)).toBe(25);
    expect(clash(a, vline(5, -5, 5))).toBeGreaterThan(0);
  });
});

describe('placeLabels', () => {
  test('the second label of a contested place takes its next candidate', () => {
    const both = [{ x: 10, y: 20 }, { x: 10, y: 60 }];
    const p = placeLabels(
      [
        { key: 'a', text: 'first', candidates: both },
        { key: 'b', text: 'second', candidates: both },
      ],
      bounds,
    );
    expect(p.a.y).toBe(20);
    expect(p.b.y).toBe(60);
    expect(clash(p.a.box, p.b.box)).toBe(0);
  });
  test('a label past the edge is moved inside the bounds', () => {
    const p = placeLabels([{ key: 'a', text: 'a long label at the edge', candidates: [{ x: 290, y: 20 }] }], bounds);
    expect(p.a.box.right).toBeLessThanOrEqual(bounds.right);
    expect(p.a.box.left).toBeGreaterThanOrEqual(bounds.left);
    expect(p.a.x).toBeLessThan(290);
  });
  test('an obstacle (a marker) pushes the label to a clear candidate', () => {
    const marker = dot(40, 16, 5);
    const p = placeLabels([{ key: 'a', text: 'point', candidates: [{ x: 30, y: 20 }, { x: 30, y: 120 }] }], bounds, [marker]);
    expect(p.a.y).toBe(120);
    expect(clash(p.a.box, marker)).toBe(0);
  });
  test('with no clear place an optional label is left out, a required one takes the least overlap', () => {
    const wall = { left: 0, right: 300, top: 0, bottom: 200 };
    const candidates = [{ x: 10, y: 20 }, { x: 10, y: 100 }];
    expect(placeLabels([{ key: 'a', text: 'x', optional: true, candidates }], bounds, [wall]).a).toBeNull();
    const kept = placeLabels([{ key: 'a', text: 'x', candidates }], bounds, [wall]).a;
    expect(kept).not.toBeNull();
    expect(kept.y).toBe(20);
  });
  test('beside() offers both sides of a line on each row, right first unless asked', () => {
    expect(beside(100, [10, 30])).toEqual([
      { x: 105, y: 10 }, { x: 95, y: 10, anchor: 'end' }, { x: 105, y: 30 }, { x: 95, y: 30, anchor: 'end' },
    ]);
    expect(beside(100, [10], { gap: 9, leftFirst: true })).toEqual([{ x: 91, y: 10, anchor: 'end' }, { x: 109, y: 10 }]);
  });
  test('textAt() gives a placed label\'s SVG attributes, a line pitch lower for each next line', () => {
    expect(textAt({ x: 3, y: 40, anchor: 'end' })).toEqual({ x: 3, y: 40, 'text-anchor': 'end' });
    expect(textAt({ x: 3, y: 40, anchor: 'start' }, 2).y).toBe(40 + 2 * LINE);
  });
  test('around() offers the eight places of a marker, each clear of it', () => {
    const spots = around(100, 100, 5);
    expect(spots).toHaveLength(8);
    for (const s of spots) expect(clash(labelBox(['ab'], s.x, s.y, s.anchor), dot(100, 100, 5), 0)).toBe(0);
  });
});

// A phone's chart: lines close together, labels wider than the room between them.
describe('crowded charts: lines as obstacles, labels broken in two, the nearest free place', () => {
  test('a line is obstacles along its length, not the box it spans', () => {
    const obstacles = lineObstacles([[0, 100], [100, 0]], 4);
    // On the line: blocked; beside it, inside the box the line spans: free.
    expect(obstacles.some((o) => clash(dot(50, 50, 2), o) > 0)).toBe(true);
    expect(obstacles.some((o) => clash(dot(80, 80, 2), o) > 0)).toBe(false);
    expect(obstacles.length).toBeGreaterThanOrEqual(100 * Math.SQRT2 / 4);
    // A point it cannot draw is left out, not a NaN box.
    expect(lineObstacles([[0, 0], [NaN, 5], [10, 10]]).every((o) => Number.isFinite(o.left))).toBe(true);
  });
  test('wrapped breaks each line at the space or CJK break nearest its middle; null where none breaks', () => {
    expect(wrapped(['your batch, 8'])).toEqual(['your', 'batch, 8']);
    expect(wrapped(['KV full', 'beyond batch 57'])).toEqual(['KV', 'full', 'beyond', 'batch 57']);
    expect(wrapped(['decode'])).toBeNull();
    // Not before a full-width comma.
    const zh = wrapped(['你的批次，1']);
    expect(zh).toHaveLength(2);
    expect(zh.every((line) => !line.startsWith('，'))).toBe(true);
    expect(zh.join('')).toBe('你的批次，1');
  });
  test('a label with no free candidate takes two lines where that frees one, else the nearest free place in its scan box', () => {
    // Two lines 80 px apart; "your batch, 8" (one line ~95 px) fits between them only broken in two.
    const lines = [vline(100, 0, 200), vline(180, 0, 200)];
    const one = placeLabels([{ key: 'a', text: 'your batch, 8', bold: true, candidates: [{ x: 105, y: 100 }] }], bounds, lines);
    expect(one.a.cost).toBeGreaterThan(0);
    const two = placeLabels([{ key: 'a', text: 'your batch, 8', bold: true, wrap: true, candidates: [{ x: 105, y: 100 }] }], bounds, lines);
    expect(two.a.lines).toEqual(['your', 'batch, 8']);
    expect(two.a.cost).toBe(0);
    // Nothing breaks "decode": the scan finds the free place nearest its candidate, clear of both lines.
    const scanned = placeLabels([{ key: 'a', text: 'decodedecode', bold: true, wrap: true, scan: bounds, candidates: [{ x: 105, y: 100 }] }], bounds, lines);
    expect(lines.every((o) => clash(scanned.a.box, o) === 0)).toBe(true);
    expect(scanned.a.box.left >= 0 && scanned.a.box.right <= 300).toBe(true);
    // An optional label with no free place anywhere is left out.
    const full = [{ left: -10, right: 310, top: -10, bottom: 210 }];
    expect(placeLabels([{ key: 'a', text: 'legend', optional: true, wrap: true, scan: bounds, candidates: [{ x: 10, y: 20 }] }], bounds, full).a).toBeNull();
  });
});
