import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Tile } from './Tile.jsx';
import { Explain } from './Explain.jsx';
import { t, tx } from '../i18n/index.js';

// Decode speed of a deployment that fits. Rendered only then: a refusal has no speed.
/** The roofline floors; `floors`: below the engine's expected figures, as the bounds beside them (smaller, titled). */
export function KeyFigures({ report: r, floors = false }) {
  const B = r.config.batch;
  const pd = r.disaggregation?.ttft_ms !== undefined ? r.disaggregation : null;
  const floorOnly = r.decode.bandwidth_floor_only === true;
  const bound = r.roofline.bound;
  const uses = r.roofline.ceiling_fraction != null
    ? t('key.uses', { share: f.percent(r.roofline.ceiling_fraction), precision: r.roofline.compute_precision ?? '' })
    : t('key.cannotTell');
  return (
    <div class={floors ? 'key-figures floors' : 'key-figures'} data-testid="floors">
      {floors && <h3 class="floors-h">{t('key.floorsTitle')}</h3>}
      <Tile label={t('key.throughput', { floorOnly })} note={t('key.together', { batch: f.integer(B), batchN: B })}>
        <Num testid="decode.tokens_per_s" value={r.decode.tokens_per_s} format={f.tokensPerS} class="big" />
      </Tile>
      <Tile label={t('key.step', { floorOnly })} note={t('key.stepNote')}>
        <Num testid="decode.step_ms" value={r.decode.step_ms} format={f.ms} class="big" />
      </Tile>
      <Tile label={t('key.perToken')} note={t('key.perTokenNote')}>
        <Num testid="decode.ms_per_token" value={r.decode.ms_per_token} format={f.ms} class="big" />
      </Tile>
      {/* Disaggregated: the first token comes from the prefill pool, over the KV link, then one decode step. */}
      {pd ? (
        <Tile label={t('key.ttft')} note={t('key.ttftPd')}>
          <Num testid="disaggregation.ttft_ms" value={pd.ttft_ms} format={f.ms} class="big" />
        </Tile>
      ) : r.prefill?.ttft_ms !== undefined ? (
        <Tile label={t('key.ttft')} note={t('key.ttftNote', { seq: f.integer(r.config.seq) })}>
          <Num testid="prefill.ttft_ms" value={r.prefill.ttft_ms} format={f.ms} class="big" />
        </Tile>
      ) : null}
      <Tile label={t('key.bound')} note={uses}>
        <span class="big"><Num testid="roofline.bound" value={bound} format={(v) => t(`bound.${v}`)} /></span>
      </Tile>
      <div class="tile-explain">
        <Explain of="step" report={r} label={t('explain.step')} />
        <Explain of="perToken" report={r} label={t('explain.perToken')} />
        {!pd && r.prefill?.ttft_ms !== undefined && <Explain of="ttft" report={r} label={t('explain.ttft')} />}
      </div>
      <p class="caveat">
        {floorOnly ? t('key.floorOnly') : ''}
        {t('key.caveat')}
      </p>
    </div>
  );
}
