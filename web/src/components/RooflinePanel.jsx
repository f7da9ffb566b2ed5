import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { RooflineChart } from '../charts/RooflineChart.jsx';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';

export function RooflinePanel({ report: r, sweep }) {
  const rl = r.roofline;
  return (
    <section class="panel" aria-labelledby="roof-h">
      <h2 id="roof-h">Where decode sits on the roofline</h2>
      <p class="sub">
        Decode reads every weight once per step for the whole batch, so its intensity grows with the batch; prefill
        processes the whole context at once and sits far to the right. Hover or tab to a point for its figures.
      </p>
      <RooflineChart report={r} sweep={sweep} />
      <dl class="figures">
        <div>
          <dt>Decode intensity</dt>
          <dd><Num testid="roofline.ai" value={rl.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of={explain.ai} report={r} /></dd>
        </div>
        {rl.ridge != null && (
          <div>
            <dt>Ridge ({rl.compute_precision ?? 'fp16'} peak)</dt>
            <dd><Num testid="roofline.ridge" value={rl.ridge} format={f.intensity} /> FLOP/byte</dd>
            <dd class="explain-cell"><Explain of={explain.ridge} report={r} /></dd>
          </div>
        )}
        {rl.ceiling_fraction != null && (
          <div>
            <dt>Share of compute peak used</dt>
            <dd><Num testid="roofline.ceiling_fraction" value={rl.ceiling_fraction} format={f.percent} /></dd>
          </div>
        )}
        <div>
          <dt>Prefill intensity ({r.prefill.bound}-bound)</dt>
          <dd><Num testid="prefill.ai" value={r.prefill.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of={explain.prefill} report={r} /></dd>
        </div>
        {r.prefill.ms !== undefined && (
          <div>
            <dt>Prefill time ({f.integer(r.config.seq)} tokens)</dt>
            <dd><Num testid="prefill.ms" value={r.prefill.ms} format={f.ms} /></dd>
            <dd class="explain-cell"><Explain of={explain.ttft} report={r} /></dd>
          </div>
        )}
        <div>
          <dt>FLOPs per step, per GPU</dt>
          <dd><Num testid="roofline.flops_per_step" value={rl.flops_per_step} format={(v) => f.si(v, 'FLOP')} /></dd>
          <dd class="explain-cell"><Explain of={explain.flops} report={r} /></dd>
        </div>
        <div>
          <dt>Bytes per step, per GPU</dt>
          <dd><Num testid="roofline.bytes_per_step" value={rl.bytes_per_step} format={(v) => f.si(v, 'B')} /></dd>
          <dd class="explain-cell"><Explain of={explain.bytesPerStep} report={r} /></dd>
        </div>
      </dl>
    </section>
  );
}
