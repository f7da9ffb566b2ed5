import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { t } from '../i18n/index.js';

export function PagingPanel({ report: r }) {
  const p = r.paged;
  return (
    <section class="panel" aria-labelledby="paging-h">
      <h2 id="paging-h">{t('paging.title')}</h2>
      {!p ? (
        <p>{t('paging.off', { seq: f.integer(r.config.seq) })}</p>
      ) : (
        <>
          <p>{t('paging.on', { block: f.integer(p.kv_block), seq: f.integer(r.config.seq) })}</p>
          <dl class="figures">
            <div>
              <dt>{t('paging.held')}</dt>
              <dd><Num testid="paged.tokens_per_request" value={p.tokens_per_request} format={f.integer} /></dd>
            </div>
            <div>
              <dt>{t('paging.padding')}</dt>
              <dd><Num testid="paged.padding_tokens" value={p.padding_tokens} format={(v) => t('unit.tokens', { n: f.integer(v) })} /></dd>
            </div>
            <div>
              <dt>{t('paging.waste')}</dt>
              <dd><Num testid="paged.waste_fraction" value={p.waste_fraction} format={f.percent} /></dd>
            </div>
          </dl>
          <Explain of="paging" report={r} />
        </>
      )}
    </section>
  );
}
