import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';

// Decode speed of a deployment that fits. Rendered only then: a refusal has no speed.
export function KeyFigures({ report: r }) {
  const B = r.config.batch;
  const floorOnly = r.decode.bandwidth_floor_only === true;
  const bound = r.roofline.bound;
  return (
    <div class="key-figures">
      <div class="tile">
        <span class="tile-label">Throughput, whole batch{floorOnly ? ' (at most)' : ''}</span>
        <Num testid="decode.tokens_per_s" value={r.decode.tokens_per_s} format={f.tokensPerS} class="big" />
        <span class="tile-note">{f.integer(B)} {B === 1 ? 'request' : 'requests'} decoding together</span>
      </div>
      <div class="tile">
        <span class="tile-label">Decode step{floorOnly ? ' (at least)' : ''}</span>
        <Num testid="decode.step_ms" value={r.decode.step_ms} format={f.ms} class="big" />
        <span class="tile-note">each request's time between tokens</span>
      </div>
      <div class="tile">
        <span class="tile-label">Time per token</span>
        <Num testid="decode.ms_per_token" value={r.decode.ms_per_token} format={f.ms} class="big" />
        <span class="tile-note">step ÷ batch, across all requests</span>
      </div>
      {r.prefill?.ttft_ms !== undefined ? (
        <div class="tile">
          <span class="tile-label">Time to first token</span>
          <Num testid="prefill.ttft_ms" value={r.prefill.ttft_ms} format={f.ms} class="big" />
          <span class="tile-note">prefill of {f.integer(r.config.seq)} tokens + launch</span>
        </div>
      ) : null}
      <div class="tile">
        <span class="tile-label">Decode is bound by</span>
        <span class="big"><Num testid="roofline.bound" value={bound} /></span>
        <span class="tile-note">
          {r.roofline.ceiling_fraction != null
            ? `uses ${f.percent(r.roofline.ceiling_fraction)} of the ${r.roofline.compute_precision ?? ''} compute peak`
            : 'no sourced TFLOPS: cannot tell'}
        </span>
      </div>
      <div class="tile-explain">
        <Explain of={explain.step} report={r} label="How is the step computed?" />
        <Explain of={explain.perToken} report={r} label="Per token and per second" />
        {r.prefill?.ttft_ms !== undefined && <Explain of={explain.ttft} report={r} label="Time to first token" />}
      </div>
      <p class="caveat">
        {floorOnly
          ? 'No sourced TFLOPS for this GPU: the times are memory-bandwidth floors, and the real step can only be longer. '
          : ''}
        These are roofline floors: ideal overlap of memory and compute, no kernel launch, scheduling or communication
        overheads. Real engines land above the step time.
      </p>
    </div>
  );
}
