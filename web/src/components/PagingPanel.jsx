import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';

export function PagingPanel({ report: r }) {
  const p = r.paged;
  return (
    <section class="panel" aria-labelledby="paging-h">
      <h2 id="paging-h">KV paging</h2>
      {!p ? (
        <p>
          Paging is off: each request's KV is sized for exactly its {f.integer(r.config.seq)} tokens. Set a KV block size
          (vLLM's default is 16 tokens) to see the padding a paged cache costs.
        </p>
      ) : (
        <>
          <p>
            With {f.integer(p.kv_block)}-token blocks, a request of {f.integer(r.config.seq)} tokens holds whole blocks: the fit
            check counts the padded length.
          </p>
          <dl class="figures">
            <div>
              <dt>Tokens held per request</dt>
              <dd><Num testid="paged.tokens_per_request" value={p.tokens_per_request} format={f.integer} /></dd>
            </div>
            <div>
              <dt>Padding per request</dt>
              <dd><Num testid="paged.padding_tokens" value={p.padding_tokens} format={(v) => `${f.integer(v)} tokens`} /></dd>
            </div>
            <div>
              <dt>Waste (padding ÷ context)</dt>
              <dd><Num testid="paged.waste_fraction" value={p.waste_fraction} format={f.percent} /></dd>
            </div>
          </dl>
          <Explain of={explain.paging} report={r} />
        </>
      )}
    </section>
  );
}
