// The Plan view's chart as pure geometry: the Pareto fronts of the core's plan,
// cost ($ per million output tokens, log y) against the speed each user sees
// (tokens/s per user, log x). Both span decades across GPUs and precisions.
import { logDomain, logScale } from './scale.js';

/** The plot's box for a width (the same margins as the sweep chart). */
export function planLayout(width) {
  const W = Math.max(300, width);
  const H = W < 480 ? 300 : 340;
  const box = { left: W < 480 ? 48 : 60, right: W - 14, top: 16, bottom: H - 46 };
  return { W, H, box };
}

const usable = (c) => Number.isFinite(c.tokens_per_s_user) && c.tokens_per_s_user > 0 &&
  Number.isFinite(c.usd_per_mtok_out) && c.usd_per_mtok_out > 0;

/**
 * Scales and points for the fronts: {x, y, xDomain, yDomain, points, lines}.
 * points: [{c, index, cx, cy}] in the pareto array's order (index is its place
 * there); lines: {buy, cloud} polylines, each front from its cheapest point.
 * A point without a positive finite cost or speed cannot sit on a log axis:
 * it is left out (the table still lists it).
 */
export function planGeometry(pareto, box) {
  const shown = (pareto ?? []).map((c, index) => ({ c, index })).filter(({ c }) => usable(c));
  const xDomain = logDomain(shown.map(({ c }) => c.tokens_per_s_user));
  const yDomain = logDomain(shown.map(({ c }) => c.usd_per_mtok_out));
  const x = logScale(xDomain, [box.left, box.right]);
  const y = logScale(yDomain, [box.bottom, box.top]);
  const points = shown.map(({ c, index }) => ({ c, index, cx: x(c.tokens_per_s_user), cy: y(c.usd_per_mtok_out) }));
  const line = (option) => points.filter((p) => p.c.option === option).map((p) => `${p.cx},${p.cy}`).join(' ');
  return { x, y, xDomain, yDomain, points, lines: { buy: line('buy'), cloud: line('cloud') } };
}
