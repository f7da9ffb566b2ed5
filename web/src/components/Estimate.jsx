import * as f from '../format.js';
import { gpuName } from '../names.js';
import { Num } from './Num.jsx';

// The parameters-only estimate: what a size alone can tell (roofline.h,
// rl_estimate_params). No fit verdict, no time and no tokens/s: without an
// architecture there is no KV cache to fit and no step to time.
const BOUND = { memory: 'memory-bound', compute: 'compute-bound', unknown: 'unknown (no sourced TFLOPS)' };

const gain = (v) => (v > 0 ? `up to ${f.significant(v, 3)}×` : 'unknown without a TFLOPS figure');
const gpus = (v) => (v >= 1 ? f.integer(v) : 'none: nothing is left after the reserve');

function Figure({ label, testid, value, format, unit, note }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd><Num testid={testid} value={value} format={format} />{unit}</dd>
      {note && <dd class="note">{note}</dd>}
    </div>
  );
}

export function Estimate({ app, estimate: e }) {
  const hasRidge = e.ridge !== undefined;
  return (
    <section class="verdict estimate" data-testid="estimate" data-bound={e.bound} aria-labelledby="estimate-word">
      <p class="verdict-word" id="estimate-word" aria-live="polite">Estimate</p>
      <p class="approx-banner" data-testid="estimate-banner" role="note">
        <strong>Approximate: parameters only</strong> — no KV cache, attention or MoE; less exact than a config.json.
      </p>
      <h2>
        <Num testid="estimate.params" value={e.params} format={f.params} /> parameters on {gpuName(app)}
        <span class="setup-detail">
          <Num testid="estimate.bytes_per_param" value={e.bytes_per_param} /> bytes per weight, batch{' '}
          <Num testid="estimate.batch" value={e.batch} format={f.integer} />
        </span>
      </h2>
      <dl class="figures">
        <Figure label="Weights" testid="estimate.weights_gib" value={e.weights_gib} format={f.gib} note="N · b_w" />
        <Figure label="Usable per GPU" testid="estimate.usable_gib_per_gpu" value={e.usable_gib_per_gpu} format={f.gib} note="(pool · VRAM − context) / (1 + overhead)" />
        <Figure label="GPUs needed, for the weights" testid="estimate.gpus_needed" value={e.gpus_needed} format={gpus} note="⌈weights / usable⌉" />
        <Figure label="Decode intensity" testid="estimate.decode_ai" value={e.decode_ai} format={f.intensity} unit=" FLOP/byte" note="≈ B / b_w" />
        {hasRidge && <Figure label="Ridge" testid="estimate.ridge" value={e.ridge} format={f.intensity} unit=" FLOP/byte" note="peak / bandwidth" />}
        <Figure label={hasRidge ? 'Attainable' : 'Attainable, at most'} testid="estimate.attainable_tflops" value={e.attainable_tflops} format={(v) => f.significant(v, 4)} unit=" TFLOPS" note={hasRidge ? 'min(peak, bandwidth · AI)' : 'bandwidth · AI'} />
        <Figure label="Decode is" testid="estimate.bound" value={e.bound} format={(v) => BOUND[v] ?? v} />
        {e.ceiling_fraction !== undefined && <Figure label="Share of compute peak" testid="estimate.ceiling_fraction" value={e.ceiling_fraction} format={f.percent} />}
      </dl>
      <div class="remedies">
        <h3>{e.levers.length ? 'Levers on decode throughput, most effect first' : 'No lever: decode is compute-bound at this batch'}</h3>
        {e.levers.length > 0 && (
          <ol data-testid="levers">
            {e.levers.map((l) => (
              <li key={l.code} data-code={l.code}>
                <span>{l.message}</span>
                <Num testid={`estimate.levers.${l.code}.gain`} value={l.gain} format={gain} />
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Where the full analysis would be: what a size alone cannot give. */
export function EstimateLimits() {
  return (
    <section class="panel muted-panel" data-testid="estimate-limits">
      <h2>The rest needs the architecture</h2>
      <p>
        A size alone gives no fit verdict, KV cache, step time, tokens/s, roofline position or batch sweep. Choose a preset
        or paste a config.json for the full analysis.
      </p>
    </section>
  );
}
