// A figure from the core: rounded for reading, exact in data-value. Its
// data-testid is the figure's path in the report JSON (memory.kv_gib_per_gpu).
// A figure shown a second time (the memory panel repeats a few of the verdict's)
// names the same path in data-of instead, so that one test id means one element.
export function Num({ testid, of, value, format, class: cls }) {
  return (
    <span class={cls ? `num ${cls}` : 'num'} data-testid={testid} data-of={of} data-value={String(value)}>
      {format ? format(value) : String(value)}
    </span>
  );
}
