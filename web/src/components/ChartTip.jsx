// A tooltip drawn inside an SVG chart, kept inside the plot box. Text width is
// estimated from the character count (the tooltip font is monospace).
const CHAR = 6.7;
const LINE = 15;
const PAD = 6;

export function ChartTip({ x, y, lines, box }) {
  const width = Math.max(...lines.map((l) => l.length)) * CHAR + PAD * 2;
  const height = lines.length * LINE + PAD * 2 - 3;
  let left = x + 10;
  if (left + width > box.right) left = x - 10 - width;
  if (left < box.left) left = box.left;
  let top = y - height - 10;
  if (top < box.top) top = y + 12;
  if (top + height > box.bottom) top = box.bottom - height;
  return (
    <g class="tip" aria-hidden="true" transform={`translate(${left},${top})`}>
      <rect width={width} height={height} rx="4" />
      {lines.map((l, i) => (
        <text key={i} x={PAD} y={PAD + 11 + i * LINE}>{l}</text>
      ))}
    </g>
  );
}
