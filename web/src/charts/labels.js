// Where a chart's text labels go: each inside its chart and off the others.
// Pure functions of the labels' text and candidate positions; a label's width is
// estimated from its characters, not measured (measuring would lay out the page
// inside the render).

// Widths in em of the page's sans-serif at 600 (measured in DejaVu Sans, the
// widest of the platforms' faces, so the estimate errs wide): narrow punctuation
// and i/l, capitals and m/w, the rest (lower case, digits); a CJK or full-width
// character is 1 em, bold or not. Regular Latin text is ~8 % narrower than bold.
const NARROW = new Set([...' .,:;\'|!()[]·ijlIft/-']);
const WIDE = /[A-Z%@mwMW]/;
const REGULAR = 0.92;

/** The estimated width, in px, of `text` set at `px` px, bold or not. */
export function textWidth(text, px = 12, bold = false) {
  let cjk = 0;
  let latin = 0;
  for (const ch of String(text)) {
    if (ch.codePointAt(0) >= 0x2e80) cjk += 1;
    else if (NARROW.has(ch)) latin += 0.4;
    else if (WIDE.test(ch)) latin += 0.8;
    else latin += 0.7;
  }
  return (cjk + latin * (bold ? 1 : REGULAR)) * px;
}

/** Line pitch of a label of several lines, in px. */
export const LINE = 14;

/**
 * The box a label covers: `x` at its anchor (start, middle, end), `y` the
 * baseline of its first line; a text box runs from ~0.95 em above the baseline
 * to ~0.25 em below it.
 */
export function labelBox(lines, x, y, anchor = 'start', { px = 12, bold = false } = {}) {
  const width = Math.max(...lines.map((l) => textWidth(l, px, bold)));
  const left = anchor === 'end' ? x - width : anchor === 'middle' ? x - width / 2 : x;
  return { left, right: left + width, top: y - 0.95 * px, bottom: y + (lines.length - 1) * LINE + 0.25 * px };
}

/** How much two boxes overlap, each grown by `pad` px (a line of no width still counts): 0 when apart. */
export function clash(a, b, pad = 2) {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left) + pad;
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) + pad;
  return w > 0 && h > 0 ? w * h : 0;
}

const inside = (box, b) => box.left >= b.left && box.right <= b.right && box.top >= b.top && box.bottom <= b.bottom;

/** The shift that brings a box inside the bounds (left and top win when it is wider or taller). */
function into(box, b) {
  const dx = box.left < b.left ? b.left - box.left : box.right > b.right ? Math.max(b.right - box.right, b.left - box.left) : 0;
  const dy = box.top < b.top ? b.top - box.top : box.bottom > b.bottom ? Math.max(b.bottom - box.bottom, b.top - box.top) : 0;
  return [dx, dy];
}

/** A vertical line as an obstacle. */
export const vline = (x, top, bottom) => ({ left: x - 0.5, right: x + 0.5, top, bottom });
/** A point marker of radius r as an obstacle. */
export const dot = (x, y, r) => ({ left: x - r, right: x + r, top: y - r, bottom: y + r });

/**
 * Places labels in the order given (the first wins a contested place). Each
 * label: {key, text or lines, px?, bold?, optional?, candidates: [{x, y, anchor}]}.
 * A label takes its first candidate that lies inside `bounds` and clear of the
 * obstacles and of the labels placed before it; else its first candidate that is
 * clear once moved inside the bounds; else (unless optional, then it is left out)
 * (with `wrap`) its first free candidate with the label broken in two lines; else the free place
 * nearest its first candidate inside `scan` (a box), when it names one, on one line or two (the
 * nearer); else
 * the candidate, moved inside, that overlaps least. Returns {key: {x, y, anchor,
 * lines, box} | null}.
 */
export function placeLabels(labels, bounds, obstacles = []) {
  const taken = [...obstacles];
  const placed = {};
  for (const label of labels) {
    const one = label.lines ?? [label.text];
    const font = { px: label.px ?? 12, bold: label.bold ?? false };
    const optionsFor = (lines) => label.candidates.map(({ x, y, anchor = 'start' }) => {
      const box = labelBox(lines, x, y, anchor, font);
      const [dx, dy] = into(box, bounds);
      const moved = { left: box.left + dx, right: box.right + dx, top: box.top + dy, bottom: box.bottom + dy };
      const cost = taken.reduce((sum, o) => sum + clash(moved, o), 0);
      return { x: x + dx, y: y + dy, anchor, lines, box: moved, fits: inside(box, bounds), cost };
    });
    const free = (options) => options.find((o) => o.fits && o.cost === 0) ?? options.find((o) => o.cost === 0);
    const options = optionsFor(one);
    // A crowded (phone) chart: the label broken in two where it is long, then the nearest free place.
    const two = label.wrap ? wrapped(one) : null;
    const pick = free(options)
      ?? (two && free(optionsFor(two)))
      ?? (label.scan && scan(two ? [one, two] : [one], font, label.candidates[0], label.scan, taken))
      ?? (label.optional ? null : options.reduce((best, o) => (o.cost < best.cost ? o : best)));
    placed[label.key] = pick;
    if (pick) taken.push(pick.box);
  }
  return placed;
}

/** Each line broken in two at the space or CJK character nearest its middle; null where none breaks. */
export function wrapped(lines) {
  const out = lines.flatMap((line) => {
    const chars = [...line];
    let at = 0;
    let best = Infinity;
    chars.forEach((ch, i) => {
      if (!i || (ch !== ' ' && (ch < '\u2e80' || '，）'.includes(ch)))) return;
      const d = Math.abs(textWidth(chars.slice(0, i).join('')) - textWidth(chars.slice(i).join('')));
      if (d < best) [best, at] = [d, i];
    });
    return at ? [chars.slice(0, at).join('').trim(), chars.slice(at).join('').trim()] : [line];
  });
  return out.length > lines.length ? out : null;
}

/**
 * A label's last resort, where none of its own places is free (a crowded phone chart): of its
 * forms (one line, two), the free place inside `area` nearest its first candidate, on a grid of
 * 4 px across and half a line down; null where none is free.
 */
function scan(forms, font, first, area, taken) {
  const anchor = first.anchor ?? 'start';
  let best = null;
  for (const lines of forms) {
    const b = labelBox(lines, first.x, first.y, anchor, font);
    for (let top = area.top; top + b.bottom - b.top <= area.bottom; top += LINE / 2) {
      for (let left = area.left; left + b.right - b.left <= area.right; left += 4) {
        const dx = left - b.left;
        const dy = top - b.top;
        const d = dx * dx + dy * dy;
        const box = { left, right: b.right + dx, top, bottom: b.bottom + dy };
        if ((!best || d < best.d) && taken.every((o) => !clash(box, o))) best = { x: first.x + dx, y: first.y + dy, anchor, lines, box, cost: 0, d };
      }
    }
  }
  return best;
}

/**
 * Candidate positions beside a vertical line at x, on each of `rows` (baselines) in turn: `gap` px
 * right of it and left of it (anchored at its end), the left one first when `leftFirst`.
 */
export function beside(x, rows, { gap = 5, leftFirst = false } = {}) {
  return rows.flatMap((y) => {
    const right = { x: x + gap, y };
    const left = { x: x - gap, y, anchor: 'end' };
    return leftFirst ? [left, right] : [right, left];
  });
}

/** The SVG text attributes of a placed label (placeLabels' entry), for its `line`th line. */
export const textAt = (placed, line = 0) => ({ x: placed.x, y: placed.y + line * LINE, 'text-anchor': placed.anchor });

/** Candidate positions around a point marker of radius r: right, below, left and above it. */
export function around(x, y, r, order = ['belowRight', 'right', 'belowLeft', 'left', 'aboveRight', 'aboveLeft', 'below', 'above']) {
  const gap = r + 4;
  const at = {
    right: { x: x + gap, y: y + 4, anchor: 'start' },
    left: { x: x - gap, y: y + 4, anchor: 'end' },
    belowRight: { x: x + gap - 1, y: y + r + 12, anchor: 'start' },
    belowLeft: { x: x - gap + 1, y: y + r + 12, anchor: 'end' },
    aboveRight: { x: x + gap - 1, y: y - r - 6, anchor: 'start' },
    aboveLeft: { x: x - gap + 1, y: y - r - 6, anchor: 'end' },
    below: { x, y: y + r + 15, anchor: 'middle' },
    above: { x, y: y - r - 6, anchor: 'middle' },
  };
  return order.map((k) => at[k]);
}

/**
 * A drawn line through `points` ([x, y] pairs) as obstacles: a small box every `step` px along each
 * segment, so that a label is kept off the line itself and not off the whole box the line spans.
 */
export function lineObstacles(points, step = 4, r = 1.5) {
  const out = [];
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i];
    if (!Number.isFinite(x0) || !Number.isFinite(y0)) continue;
    out.push(dot(x0, y0, r));
    if (i + 1 >= points.length) break;
    const [x1, y1] = points[i + 1];
    if (!Number.isFinite(x1) || !Number.isFinite(y1)) continue;
    const n = Math.ceil(Math.hypot(x1 - x0, y1 - y0) / step);
    for (let k = 1; k < n; k++) out.push(dot(x0 + ((x1 - x0) * k) / n, y0 + ((y1 - y0) * k) / n, r));
  }
  return out;
}
