import { useState } from 'preact/hooks';
import * as f from '../format.js';
import { Num } from './Num.jsx';

// What a named serving engine will likely give, beside the floor: the core's
// `realistic` object, present only when the deployment fits. Every assumption
// is listed with its value and its source, so the estimate can be checked.
export function Expected({ report: r }) {
  const x = r.realistic;
  if (!r.fits || !x) return null;
  const floorStep = r.decode.step_ms;
  return (
    <section class="expected" data-testid="realistic" aria-labelledby="expected-h">
      <h3 id="expected-h">
        Expected with {x.engine}{' '}
        <span class={x.calibrated ? 'badge' : 'badge warn'} data-testid="realistic.calibrated" data-value={String(x.calibrated)}>
          {x.calibrated ? 'calibrated on published runs' : 'no measured run on this GPU family: uncalibrated'}
        </span>
      </h3>
      <div class="key-figures">
        <div class="tile">
          <span class="tile-label">Decode step, expected</span>
          <Num testid="realistic.step_ms" value={x.step_ms} format={f.ms} class="big" />
          <span class="tile-note">
            band <Num testid="realistic.step_ms_low" value={x.step_ms_low} format={f.ms} />–
            <Num testid="realistic.step_ms_high" value={x.step_ms_high} format={f.ms} />; floor {f.ms(floorStep)}
          </span>
        </div>
        <div class="tile">
          <span class="tile-label">Throughput, expected</span>
          <Num testid="realistic.tokens_per_s" value={x.tokens_per_s} format={f.tokensPerS} class="big" />
          <span class="tile-note">
            <Num testid="realistic.tokens_per_s_per_user" value={x.tokens_per_s_per_user} format={f.tokensPerS} /> per user
          </span>
        </div>
        {x.ttft_ms !== undefined && (
          <div class="tile">
            <span class="tile-label">Time to first token, expected</span>
            <Num testid="realistic.ttft_ms" value={x.ttft_ms} format={f.ms} class="big" />
            <span class="tile-note">floor {f.ms(r.prefill.ttft_ms)}</span>
          </div>
        )}
        {r.config.tp > 1 && (
          <div class="tile">
            <span class="tile-label">AllReduce share of the step</span>
            <Num testid="realistic.allreduce_share" value={x.allreduce_share} format={f.percent} class="big" />
            <span class="tile-note">{f.ms(x.allreduce_ms)} per step across tp {r.config.tp}</span>
          </div>
        )}
      </div>
      <Assumptions list={x.assumptions} />
    </section>
  );
}

function Assumptions({ list }) {
  // Built only while open, like the other "How is this computed?" boxes.
  const [open, setOpen] = useState(false);
  if (!Array.isArray(list) || list.length === 0) return null;
  return (
    <details class="explain" data-testid="realistic.assumptions" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>How is the expected figure computed?</summary>
      {open && (
        <>
          <p class="formula">
            <code>
              step = max(bytes / (η_bw · BW), FLOPs / (η_c · peak)) + L · (kernels · t_kernel) + 2 · L · t_allreduce + t_host
            </code>
          </p>
          <table class="assumptions">
            <thead>
              <tr><th scope="col">Assumption</th><th scope="col">Value</th><th scope="col">Source</th></tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <tr key={a.name}>
                  <th scope="row"><code>{a.name}</code></th>
                  <td data-value={String(a.value)}>{f.significant(a.value, 4)} {a.unit}</td>
                  <td>{a.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </details>
  );
}
