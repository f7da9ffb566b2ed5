import { t, warningText } from '../i18n/index.js';

// The core's warnings, by code, in the page's language. `only` keeps the codes a panel is about.
export function WarningList({ warnings, report, only, testid }) {
  const list = only ? warnings.filter((w) => only.includes(w.code)) : warnings;
  if (!list.length) return null;
  return (
    <ul class="warnings" data-testid={testid}>
      {list.map((w) => (
        <li key={w.code} data-code={w.code}>
          <span class="icon" aria-hidden="true">!</span>
          <span><span class="visually-hidden">{t('warnings.hidden')}</span>{warningText(w, report)}</span>
        </li>
      ))}
    </ul>
  );
}
