import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { RooflineChart } from '../charts/RooflineChart.jsx';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { t } from '../i18n/index.js';

export function RooflinePanel({ report: r, sweep }) {
  const rl = r.roofline;
  return (
    <section class="panel" aria-labelledby="roof-h">
      <h2 id="roof-h">{t('roof.title')}</h2>
      <p class="sub">{t('roof.text')}</p>
      <RooflineChart report={r} sweep={sweep} />
      <dl class="figures">
        <div>
          <dt>{t('roof.ai')}</dt>
          <dd><Num testid="roofline.ai" value={rl.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of={explain.ai} report={r} /></dd>
        </div>
        {rl.ridge != null && (
          <div>
            <dt>{t('roof.ridge', { precision: rl.compute_precision ?? 'fp16' })}</dt>
            <dd><Num testid="roofline.ridge" value={rl.ridge} format={f.intensity} /> FLOP/byte</dd>
            <dd class="explain-cell"><Explain of={explain.ridge} report={r} /></dd>
          </div>
        )}
        {rl.ceiling_fraction != null && (
          <div>
            <dt>{t('roof.share')}</dt>
            <dd><Num testid="roofline.ceiling_fraction" value={rl.ceiling_fraction} format={f.percent} /></dd>
          </div>
        )}
        <div>
          <dt>{t('roof.prefillAi', { bound: t(`boundAdj.${r.prefill.bound}`) })}</dt>
          <dd><Num testid="prefill.ai" value={r.prefill.ai} format={f.intensity} /> FLOP/byte</dd>
          <dd class="explain-cell"><Explain of={explain.prefill} report={r} /></dd>
        </div>
        {r.prefill.ms !== undefined && (
          <div>
            <dt>{t('roof.prefillTime', { seq: f.integer(r.config.seq) })}</dt>
            <dd><Num testid="prefill.ms" value={r.prefill.ms} format={f.ms} /></dd>
            <dd class="explain-cell"><Explain of={explain.ttft} report={r} /></dd>
          </div>
        )}
        <div>
          <dt>{t('roof.flops')}</dt>
          <dd><Num testid="roofline.flops_per_step" value={rl.flops_per_step} format={(v) => f.si(v, 'FLOP')} /></dd>
          <dd class="explain-cell"><Explain of={explain.flops} report={r} /></dd>
        </div>
        <div>
          <dt>{t('roof.bytes')}</dt>
          <dd><Num testid="roofline.bytes_per_step" value={rl.bytes_per_step} format={(v) => f.si(v, 'B')} /></dd>
          <dd class="explain-cell"><Explain of={explain.bytesPerStep} report={r} /></dd>
        </div>
      </dl>
    </section>
  );
}
