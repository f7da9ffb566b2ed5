import * as f from '../format.js';
import { Num } from './Num.jsx';
import { t, tx } from '../i18n/index.js';

// What the core read from the model and the GPU: the inputs of every formula.
export function ModelPanel({ report: r }) {
  const m = r.model;
  const moe = m.experts > 0;
  return (
    <section class="panel" aria-labelledby="model-h">
      <h2 id="model-h">{t('model.title')}</h2>
      <dl class="facts">
        <div><dt>{t('model.total')}</dt><dd><Num testid="model.params_total" value={m.params_total} format={f.integer} /></dd></div>
        <div><dt>{t('model.active')}</dt><dd><Num testid="model.params_active" value={m.params_active} format={f.integer} /></dd></div>
        <div><dt>{t('model.layers')}</dt><dd><Num testid="model.layers" value={m.layers} format={f.integer} /></dd></div>
        <div><dt>{t('model.hidden')}</dt><dd><Num testid="model.hidden" value={m.hidden} format={f.integer} /></dd></div>
        <div><dt>{t('model.heads')}</dt><dd><Num testid="model.heads" value={m.heads} format={f.integer} /> / <Num testid="model.kv_heads" value={m.kv_heads} format={f.integer} /></dd></div>
        <div><dt>{t('model.headDim')}</dt><dd><Num testid="model.head_dim" value={m.head_dim} format={f.integer} /></dd></div>
        {m.vocab !== undefined && <div><dt>{t('model.vocab')}</dt><dd><Num testid="model.vocab" value={m.vocab} format={f.integer} /></dd></div>}
        {m.mla && <div><dt>{t('model.mla')}</dt><dd>{tx('model.mlaValue', { rank: <Num testid="model.kv_lora_rank" value={m.kv_lora_rank} format={f.integer} />, rope: <Num testid="model.qk_rope_head_dim" value={m.qk_rope_head_dim} format={f.integer} /> })}</dd></div>}
        {m.weight_bytes !== undefined && <div><dt>{t('model.weights', { precision: r.config.precision })}</dt><dd><Num testid="model.weight_bytes" value={m.weight_bytes} format={(v) => f.gib(v / 2 ** 30)} /></dd></div>}
        {m.kv_bytes_per_request !== undefined && <div><dt>{t('model.kv')}</dt><dd><Num testid="model.kv_bytes_per_request" value={m.kv_bytes_per_request} format={(v) => f.gib(v / 2 ** 30)} /></dd></div>}
        {moe && <div><dt>{t('model.experts')}</dt><dd>{tx('model.expertsValue', { e: <Num testid="model.experts" value={m.experts} format={f.integer} />, k: <Num testid="model.top_k" value={m.top_k} format={f.integer} />, layers: <Num testid="model.moe_layers" value={m.moe_layers} format={f.integer} /> })}</dd></div>}
        {moe && r.moe && <div><dt>{t('model.touched', { read: r.moe.read })}</dt><dd><Num testid="moe.experts_touched_per_layer" value={r.moe.experts_touched_per_layer} format={(v) => f.significant(v, 4)} /></dd></div>}
        {m.sliding_window > 0 && <div><dt>{t('model.window')}</dt><dd><Num testid="model.sliding_window" value={m.sliding_window} format={(v) => t('unit.tokens', { n: f.integer(v) })} />{m.sliding_layers !== undefined ? tx('model.windowLayers', { n: <Num testid="model.sliding_layers" value={m.sliding_layers} format={f.integer} />, layers: f.integer(m.layers) }) : null}</dd></div>}
        {r.checkpoint && <Checkpoint c={r.checkpoint} />}
        <div><dt>{t('model.gpu')}</dt><dd>{r.gpu.tflops === null ? t('model.tflopsUnknown') : `${r.gpu.tflops} TFLOPS`} · {f.integer(r.gpu.bandwidth_gbs)} GB/s · {f.capacity(r.gpu.vram_gib)}{r.gpu.memory === 'unified' ? t('model.unified') : ''}</dd></div>
      </dl>
    </section>
  );
}

// The count beside the checkpoint's index: its exact size, and the parts its tensor names show.
function Checkpoint({ c }) {
  const quantized = c.published_params === null;
  const hub = c.published_from === 'hub_api';
  const key = quantized ? 'checkpoint.quantized'
    : hub ? (c.matches ? 'checkpoint.hubMatches' : c.difference > 0 ? 'checkpoint.hubMore' : 'checkpoint.hubFewer')
    : c.matches ? 'checkpoint.matches' : c.difference > 0 ? 'checkpoint.more' : 'checkpoint.fewer';
  return (
    <div data-testid="checkpoint-check" data-value={c.matches === null ? '' : String(c.matches)} data-from={c.published_from}>
      <dt>{t('checkpoint.title')}</dt>
      <dd>
        {tx(key, {
          published: <Num testid="checkpoint.published_params" value={c.published_params} format={f.integer} />,
          bytes: <Num testid="checkpoint.total_size" value={c.total_size} format={f.integer} />,
          bpp: c.bytes_per_param,
          diff: <Num testid="checkpoint.difference" value={c.difference === null ? null : Math.abs(c.difference)} format={f.integer} />,
          pct: c.relative === null ? '' : f.significant(Math.abs(c.relative) * 100, 3),
        })}
        {c.explained && <> {t('checkpoint.explained')}</>}
        {c.parts.length > 0 && (
          <ul class="checkpoint-parts">
            {c.parts.map((p) => (
              <li data-testid={`checkpoint.part.${p.code}`} data-value={p.params ?? ''}>
                {t(`checkpoint.part.${p.code}`, { count: f.integer(p.count), params: p.params === null ? t('checkpoint.unsized') : f.integer(p.params) })}
              </li>
            ))}
          </ul>
        )}
      </dd>
    </div>
  );
}
