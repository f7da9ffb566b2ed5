// A figure from the core: rounded for reading, exact in data-value. Its
// data-testid is the figure's path in the report JSON (memory.kv_gib_per_gpu).
// A figure shown a second time (the memory panel repeats a few of the verdict's)
// names the same path in data-of instead, so that one test id means one element.
export function Num({ testid, of, value, format, class: cls }) {
  const text = format ? format(value) : String(value);
  return (
    <span class={cls ? `num ${cls}` : 'num'} data-testid={testid} data-of={of} data-value={String(value)}>
      {cls === 'big' ? <BigFigure text={text} /> : text}
    </span>
  );
}

/**
 * A key figure's number at the big size and its unit ("tok/s", "ms") at the unit size, on one
 * line: "1,380 tok/s" at one size ran past a 150 px tile at 1280 px and broke between its
 * number and its unit. The text, and so the figure's textContent, is unchanged.
 */
function BigFigure({ text }) {
  const at = text.lastIndexOf(' ');
  if (at <= 0 || /\d/.test(text.slice(at + 1))) return text;
  return (
    <>
      {text.slice(0, at)}
      <span class="unit">{text.slice(at)}</span>
    </>
  );
}
