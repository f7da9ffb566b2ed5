import { linearScale, logScale, tickLabel } from './scale.js';
import { pure } from './pure.js';

// Plain-SVG axes for the charts: grid, ticks, labels and titles. Props are
// primitives (domain ends and the plot box) so the grids can skip re-rendering.

export const LogGridX = pure(({ d0, d1, left, right, top, bottom }) => {
  const scale = logScale([d0, d1], [left, right]);
  const { major, minor } = scale.ticks();
  return (
    <g class="axis x">
      {minor.map((v) => <line key={`m${v}`} class="grid minor" x1={scale(v)} x2={scale(v)} y1={top} y2={bottom} />)}
      {major.map((v) => (
        <g key={v}>
          <line class="grid" x1={scale(v)} x2={scale(v)} y1={top} y2={bottom} />
          <text class="tick" x={scale(v)} y={bottom + 18} text-anchor="middle">{tickLabel(v)}</text>
        </g>
      ))}
    </g>
  );
});

export const LogGridY = pure(({ d0, d1, left, right, top, bottom }) => {
  const scale = logScale([d0, d1], [bottom, top]);
  const { major, minor } = scale.ticks();
  return (
    <g class="axis y">
      {minor.map((v) => <line key={`m${v}`} class="grid minor" y1={scale(v)} y2={scale(v)} x1={left} x2={right} />)}
      {major.map((v) => (
        <g key={v}>
          <line class="grid" y1={scale(v)} y2={scale(v)} x1={left} x2={right} />
          <text class="tick" x={left - 6} y={scale(v) + 4} text-anchor="end">{tickLabel(v)}</text>
        </g>
      ))}
    </g>
  );
});

export const LinearGridY = pure(({ d0, d1, left, right, top, bottom, count }) => {
  const scale = linearScale([d0, d1], [bottom, top]);
  return (
    <g class="axis y">
      {scale.ticks(count).map((v) => (
        <g key={v}>
          <line class="grid" y1={scale(v)} y2={scale(v)} x1={left} x2={right} />
          <text class="tick" x={left - 6} y={scale(v) + 4} text-anchor="end">{tickLabel(v)}</text>
        </g>
      ))}
    </g>
  );
});

export function Frame({ box }) {
  return <rect class="frame" x={box.left} y={box.top} width={box.right - box.left} height={box.bottom - box.top} />;
}

export function AxisTitle({ x, y, children, vertical, anchor = 'middle' }) {
  return (
    <text class="axis-title" x={x} y={y} text-anchor={anchor} transform={vertical ? `rotate(-90 ${x} ${y})` : undefined}>
      {children}
    </text>
  );
}

/** The props a grid needs from a domain and a plot box. */
export const gridProps = (domain, box) => ({ d0: domain[0], d1: domain[1], left: box.left, right: box.right, top: box.top, bottom: box.bottom });
