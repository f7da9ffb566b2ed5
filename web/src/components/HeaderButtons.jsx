// The header's buttons, in the page's first frame: small, and each loads what it
// opens (the Plan view, the Compare panel, the report's writer) only when it is used.
import { MAX_COMPARED } from '../compare.js';
import { view } from '../view.js';
import { t } from '../i18n/index.js';

/** The two views, as a pair of toggle buttons; the choice lives in the link (view=plan). */
export function ViewToggle() {
  return (
    <nav class="view-toggle" aria-label={t('plan.views')}>
      {['main', 'plan'].map((v) => (
        <button key={v} type="button" class="quiet" data-testid={`view.${v}`} aria-pressed={view.value === v ? 'true' : 'false'}
          onClick={() => { view.value = v; }}>
          {t(`plan.view.${v}`)}
        </button>
      ))}
    </nav>
  );
}

export function CompareButton({ compare }) {
  const full = compare.columns.value.length >= MAX_COMPARED;
  // The new setup's first input takes the focus (and so comes into view) once it is rendered.
  const add = () => {
    compare.add();
    const id = `in-compare.${compare.columns.value.length}.model`;
    requestAnimationFrame(() => document.getElementById(id)?.focus());
  };
  return (
    <button type="button" data-testid="compare-add" disabled={full} onClick={add}>{t('compare.add')}</button>
  );
}
