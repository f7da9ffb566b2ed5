import * as f from '../format.js';
import { gpuName } from '../names.js';
import { Num } from './Num.jsx';
import { errorText, leverText, t, tx } from '../i18n/index.js';
import { RemedyList } from './RemedyList.jsx';
import { room } from './room.js';

// The parameters-only estimate: what a size alone can tell (roofline.h,
// rl_estimate_params): whether the weights fit on the GPUs given, no time and no
// tokens/s (without an architecture there is no KV cache to fit and no step to
// time). Weights that do not fit get no intensity, roof or lever either: their answer
// is a refusal, with the shortfall and the ways out (the full analysis's remedies).
const gain = (v) => (v > 0 ? t('est.gain', { gain: f.significant(v, 3) }) : t('est.gainUnknown'));
const gpus = (v) => (v >= 1 ? f.integer(v) : t('est.gpusNone'));
/** How the usable memory is worked out, by what the engine's pool is a share of (estimate.pool_of). */
const USABLE_NOTE = { free: 'est.f.usableFree', free_at_start: 'est.f.usableStart' };

function Figure({ label, testid, value, format, unit, note, words }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd><Num testid={testid} value={value} format={format} class={words ? 'words' : undefined} />{unit}</dd>
      {note && <dd class="note">{note}</dd>}
    </div>
  );
}

function Throughput({ estimate: e }) {
  const hasRidge = e.ridge !== undefined;
  return (
    <>
      <Figure label={t('est.ai')} testid="estimate.decode_ai" value={e.decode_ai} format={f.intensity} unit=" FLOP/byte" note={t('est.f.ai')} />
      {hasRidge && <Figure label={t('est.ridge')} testid="estimate.ridge" value={e.ridge} format={f.intensity} unit=" FLOP/byte" note={t('est.f.ridge')} />}
      <Figure label={t(hasRidge ? 'est.attainable' : 'est.attainableMost')} testid="estimate.attainable_tflops" value={e.attainable_tflops} format={(v) => f.significant(v, 4)} unit=" TFLOPS" note={t(hasRidge ? 'est.f.attainable' : 'est.f.attainableMost')} />
      <Figure label={t('est.bound')} testid="estimate.bound" value={e.bound} format={(v) => t(`boundAdj.${v}`)} />
      {e.ceiling_fraction !== undefined && <Figure label={t('est.share')} testid="estimate.ceiling_fraction" value={e.ceiling_fraction} format={f.percent} />}
    </>
  );
}

function Levers({ levers }) {
  return (
    <div class="remedies">
      <h3>{t(levers.length ? 'est.levers' : 'est.noLever')}</h3>
      {levers.length > 0 && (
        <ol data-testid="levers">
          {levers.map((l) => (
            <li key={l.code} data-code={l.code}>
              <span>{leverText(l)}</span>
              <Num testid={`estimate.levers.${l.code}.gain`} value={l.gain} format={gain} />
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function Estimate({ app, estimate: e }) {
  return (
    <section
      class={`verdict estimate${e.fits ? '' : ' bad'}`}
      data-testid="estimate"
      data-bound={e.fits ? e.bound : undefined}
      aria-labelledby="estimate-word"
    >
      <p class="verdict-word" id="estimate-word" aria-live="polite">{e.fits ? t('est.word') : t('level.refused')}</p>
      {e.sized_from === 'index' ? (
        <p class="approx-banner" data-testid="estimate-banner" data-sized-from="index" role="note">
          <strong>{t('est.bannerIndex')}</strong>{t('est.bannerIndexRest', { bytes: f.integer(e.index_bytes) })}
          <span class="unmodeled" data-testid="estimate.unmodeled"> {errorText(e.unmodeled)}</span>
        </p>
      ) : (
        <p class="approx-banner" data-testid="estimate-banner" role="note">
          <strong>{t('est.banner')}</strong>{t('est.bannerRest')}
        </p>
      )}
      <h2>
        {tx('est.on', { params: <Num testid="estimate.params" value={e.params} format={f.params} />, gpu: gpuName(app) })}
        <span class="setup-detail">
          {tx('est.detail', { bytes: <Num testid="estimate.bytes_per_param" value={e.bytes_per_param} />, batch: <Num testid="estimate.batch" value={e.batch} format={f.integer} /> })}
        </span>
      </h2>
      <dl class="figures">
        <Figure label={t('est.weights')} testid="estimate.weights_gib" value={e.weights_gib} format={f.gib} note={t('est.f.weights')} />
        <Figure label={t('est.usable')} testid="estimate.usable_gib_per_gpu" value={e.usable_gib_per_gpu} format={room} words={e.usable_gib_per_gpu < 0} note={t(USABLE_NOTE[e.pool_of] ?? 'est.f.usable')} />
        {/* Words ("none: ...") wrap in their cell, as the memory panel's do, rather than run into the next one. */}
        <Figure label={t('est.gpus')} testid="estimate.gpus_needed" value={e.gpus_needed} format={gpus} words={e.gpus_needed < 1} note={t('est.f.gpus')} />
        {/* The deployment asked for: do its tp × pp GPUs hold the weights (the CLI's exit code, said)? */}
        <Figure
          label={t('est.given')}
          testid="estimate.fits"
          words
          value={e.fits}
          format={(fits) => (fits ? t('est.givenFits', { gpus: f.integer(e.gpus), gpusN: e.gpus }) : t('est.givenShort', { gpus: f.integer(e.gpus), need: gpus(e.gpus_needed) }))}
        />
        {e.fits ? (
          <Throughput estimate={e} />
        ) : (
          <Figure label={t('est.shortfall')} testid="estimate.shortfall_gib" value={e.shortfall_gib} format={f.gib} note={t('est.f.shortfall')} />
        )}
      </dl>
      {e.fits ? (
        <Levers levers={e.levers} />
      ) : (
        <>
          <p class="no-speed" data-testid="estimate-no-speed">{t('est.noSpeed')}</p>
          <RemedyList app={app} remedies={e.remedies ?? []} testid="estimate.remedies" />
        </>
      )}
    </section>
  );
}

/** Where the full analysis would be: what a size alone cannot give. */
export function EstimateLimits() {
  return (
    <section class="panel muted-panel" data-testid="estimate-limits">
      <h2>{t('est.restTitle')}</h2>
      <p>{t('est.restText')}</p>
    </section>
  );
}
