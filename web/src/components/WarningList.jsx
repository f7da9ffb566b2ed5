// The core's warnings, in its own words. `only` keeps the codes a panel is about.
export function WarningList({ warnings, only, testid }) {
  const list = only ? warnings.filter((w) => only.includes(w.code)) : warnings;
  if (!list.length) return null;
  return (
    <ul class="warnings" data-testid={testid}>
      {list.map((w) => (
        <li key={w.code} data-code={w.code}>
          <span class="icon" aria-hidden="true">!</span>
          <span><span class="visually-hidden">Warning: </span>{w.message}</span>
        </li>
      ))}
    </ul>
  );
}
