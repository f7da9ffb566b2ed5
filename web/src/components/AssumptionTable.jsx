import * as f from '../format.js';
import { t, unitText } from '../i18n/index.js';
import { assumptionSource } from '../i18n/sources.js';

// The expected estimate's assumptions (Expected.jsx's "How is the expected figure computed?"), in a module of
// their own: loaded when that box is first opened, with the words of en-later.
/**
 * The formula and every assumption: its name and its source in the page's language, by the
 * assumption's code (i18n/sources.js); a source the page has no words for is the core's, quoted.
 */
export function AssumptionTable({ list, report }) {
  return (
    <>
      <p class="formula"><code>{t('expected.formula')}</code></p>
      <table class="assumptions">
        <thead>
          <tr><th scope="col">{t('expected.assumption')}</th><th scope="col">{t('expected.value')}</th><th scope="col">{t('expected.source')}</th></tr>
        </thead>
        <tbody>
          {list.map((a) => {
            const s = assumptionSource(a, report);
            return (
              <tr key={a.name} data-code={a.name}>
                <th scope="row">{t(`assume.${a.name}`)}</th>
                <td data-value={String(a.value)}>{f.significant(a.value, 4)} {unitText(a.unit)}</td>
                <td>{s.text ?? <cite lang="en">{s.cite}</cite>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
