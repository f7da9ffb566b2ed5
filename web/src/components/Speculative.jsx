import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Tile } from './Tile.jsx';
import { t, tx } from '../i18n/index.js';

// Speculative decoding, when the inputs ask for it and the deployment fits: the
// core's `speculative` object. The floor's speed-up and the engine's are shown
// side by side, and a speed-up below 1 is said in words, not only by colour.
export function Speculative({ report: r }) {
  const s = r.speculative;
  if (!r.fits || !s || s.step_ms === undefined) return null;
  const draft = s.draft === 'mtp' ? t('spec.mtp') : s.draft;
  const slower = s.realistic_speedup < 1;
  return (
    <section class="expected speculative" data-testid="speculative" aria-labelledby="spec-h">
      <h3 id="spec-h">{t('spec.title', { draft, tokens: s.tokens, accept: s.accept })}</h3>
      <div class="key-figures">
        <Tile label={t('spec.perStep')} note={tx('spec.step', { ms: <Num testid="speculative.step_ms" value={s.step_ms} format={f.ms} /> })}>
          <Num testid="speculative.tokens_per_step" value={s.tokens_per_step} format={(v) => f.fixed(v, 2)} class="big" />
        </Tile>
        <Tile label={t('spec.speedup')} note={tx('spec.floorSpeedup', { x: <Num testid="speculative.speedup" value={s.speedup} format={f.times} /> })}>
          <Num testid="speculative.realistic_speedup" value={s.realistic_speedup} format={f.times} class={slower ? 'big warn' : 'big'} />
        </Tile>
        <Tile label={t('spec.perToken')} note={tx('spec.tps', { tps: <Num testid="speculative.tokens_per_s" value={s.tokens_per_s} format={f.tokensPerS} /> })}>
          <Num testid="speculative.ms_per_token" value={s.ms_per_token} format={f.ms} class="big" />
        </Tile>
        <Tile label={t('spec.memory')} note={tx('spec.kv', { kv: <Num testid="speculative.draft_kv_gib_per_request" value={s.draft_kv_gib_per_request} format={f.gib} /> })}>
          <Num testid="speculative.draft_weights_gib_per_gpu" value={s.draft_weights_gib_per_gpu} format={f.gib} class="big" />
        </Tile>
      </div>
      <p class={slower ? 'note warn' : 'note'} data-testid="speculative.verdict">{t(slower ? 'spec.slower' : 'spec.faster', { x: f.times(s.realistic_speedup) })}</p>
    </section>
  );
}
