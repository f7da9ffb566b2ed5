import * as f from '../format.js';
import * as explain from '../explain/formulas.js';
import { plural } from '../names.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { MemoryBar } from './MemoryBar.jsx';

function Figure({ label, swatch, testid, echo, value, format, of, report }) {
  return (
    <div>
      <dt>{swatch && <span class={`swatch ${swatch}`} aria-hidden="true" />}{label}</dt>
      <dd><Num testid={testid} of={echo} value={value} format={format} /></dd>
      {of && <dd class="explain-cell"><Explain of={of} report={report} /></dd>}
    </div>
  );
}

function Realistic({ report: r }) {
  const real = r.memory.realistic;
  if (!real) return null;
  return (
    <>
      <h3>The engine's realistic budget</h3>
      <p class="sub">
        A serving engine does not get the whole GPU: it takes a pool ({f.percent(r.config.pool_fraction)} of memory) and keeps a
        runtime reserve inside it. Adjust these under “Engine budget” in the form.
      </p>
      <dl class="legend">
        <Figure label="Engine pool" testid="memory.realistic.pool_gib" value={real.pool_gib} format={f.gib} />
        <Figure label="Runtime reserve" swatch="reserve" testid="memory.realistic.reserve_gib" value={real.reserve_gib} format={f.gib} of={explain.reserve} report={r} />
        <Figure label="Room for KV, realistic" testid="memory.realistic.kv_room_gib" value={real.kv_room_gib} format={f.gib} of={explain.kvRoom} report={r} />
        <Figure label="Largest batch, realistic" testid="memory.realistic.max_batch" value={real.max_batch} format={f.integer} of={explain.maxBatchRealistic} report={r} />
        {real.missing_gib > 0 && <Figure label="Missing for this batch" echo="memory.realistic.missing_gib" value={real.missing_gib} format={f.gib} />}
      </dl>
    </>
  );
}

export function MemoryPanel({ report: r }) {
  const m = r.memory;
  const c = r.config;
  return (
    <section class="panel" aria-labelledby="memory-h">
      <h2 id="memory-h">Memory per GPU</h2>
      <p class="sub">
        {m.gpus > 1
          ? `Each of the ${f.integer(m.gpus)} GPUs (tp ${c.tp} × pp ${c.pp}) holds its share of the weights and of every request's KV.`
          : 'One GPU holds all the weights and every request\'s KV cache.'}
        {r.gpu.memory === 'unified' ? ` Unified memory: ${f.capacity(r.gpu.vram_gib)} of the machine's ${f.capacity(r.gpu.ram_gib)} is the GPU's to use.` : ''}
      </p>
      <MemoryBar report={r} />
      <dl class="legend">
        <Figure label="Weights" swatch="weights" testid="memory.weights_gib_per_gpu" value={m.weights_gib_per_gpu} format={f.gib} of={explain.weights} report={r} />
        <Figure label={`KV cache, ${f.integer(c.batch)} ${plural(c.batch, 'request')}`} swatch="kv" testid="memory.kv_gib_per_gpu" value={m.kv_gib_per_gpu} format={f.gib} of={explain.kvPerGpu} report={r} />
        <Figure label="Free for KV (capacity − weights)" swatch="free" testid="memory.free_gib_per_gpu" value={m.free_gib_per_gpu} format={f.gib} of={explain.free} report={r} />
        <Figure label="KV per request" testid="memory.kv_gib_per_request" value={m.kv_gib_per_request} format={f.gib} of={explain.kvPerRequest} report={r} />
        <Figure label="KV per token, whole model" testid="model.kv_bytes_per_token" value={r.model.kv_bytes_per_token} format={(v) => `${Number.isInteger(v) ? f.integer(v) : f.significant(v, 6)} B`} of={explain.kvPerToken} report={r} />
        <Figure label="Largest batch, memory floor" echo="memory.max_batch" value={m.max_batch} format={f.integer} of={explain.maxBatch} report={r} />
        {!r.fits && <Figure label="Shortfall" echo="memory.shortfall_gib" value={m.shortfall_gib} format={f.gib} of={explain.shortfall} report={r} />}
      </dl>
      <Realistic report={r} />
    </section>
  );
}
