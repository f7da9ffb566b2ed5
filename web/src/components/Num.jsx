// A figure from the core: rounded for reading, exact in data-value.
export function Num({ testid, value, format, class: cls }) {
  return (
    <span class={cls ? `num ${cls}` : 'num'} data-testid={testid} data-value={String(value)}>
      {format ? format(value) : String(value)}
    </span>
  );
}
