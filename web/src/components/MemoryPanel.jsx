import * as f from '../format.js';
import { Num } from './Num.jsx';
import { Explain } from './Explain.jsx';
import { MemoryBar } from './MemoryBar.jsx';
import { t } from '../i18n/index.js';
import { engineName } from '../names.js';
import { room, roomClass } from './room.js';


function Figure({ label, swatch, testid, echo, value, format, of, report, numClass }) {
  return (
    <div>
      <dt>{swatch && <span class={`swatch ${swatch}`} aria-hidden="true" />}{label}</dt>
      <dd><Num testid={testid} of={echo} value={value} format={format} class={numClass} /></dd>
      {of && <dd class="explain-cell"><Explain of={of} report={report} /></dd>}
    </div>
  );
}

/** The engine's own pool of the whole GPU (llama.cpp's and gpt-fast's: they have none) reads as no pool; a pool
 * that is a share of what the weights leave free (TensorRT-LLM's), or of what the CUDA context and NCCL leave
 * before the weights load (SGLang's), has its own sentence. */
function poolText(config) {
  if (config.pool_of === 'free') return 'memory.realTextFree';
  if (config.pool_of === 'free_at_start') return 'memory.realTextStart';
  return config.pool_source === 'engine' && config.pool_fraction >= 1 ? 'memory.realTextNoPool' : 'memory.realText';
}

function Realistic({ report: r }) {
  const real = r.memory.realistic;
  if (!real) return null;
  return (
    <>
      <h3>{t('memory.realTitle')}</h3>
      <p class="sub">{t(poolText(r.config), { pool: f.percent(r.config.pool_fraction), engine: engineName(r.config.engine) })}</p>
      <dl class="legend">
        <Figure label={t('memory.pool')} testid="memory.realistic.pool_gib" value={real.pool_gib} format={f.gib} />
        {real.free_after_reserves_gib !== undefined && <Figure label={t('memory.freeAfterReserves')} testid="memory.realistic.free_after_reserves_gib" value={real.free_after_reserves_gib} format={room} numClass={roomClass(real.free_after_reserves_gib)} />}
        {/* SGLang's: the memory its fraction is a share of. */}
        {real.free_at_start_gib !== undefined && <Figure label={t('memory.freeAtStart')} testid="memory.realistic.free_at_start_gib" value={real.free_at_start_gib} format={room} numClass={roomClass(real.free_at_start_gib)} />}
        <Figure label={t('memory.reserve')} swatch="reserve" testid="memory.realistic.reserve_gib" value={real.reserve_gib} format={f.gib} of="reserve" report={r} />
        <Figure label={t('memory.kvRoom')} testid="memory.realistic.kv_room_gib" value={real.kv_room_gib} format={room} numClass={roomClass(real.kv_room_gib)} of="kvRoom" report={r} />
        <Figure label={t('memory.maxReal')} testid="memory.realistic.max_batch" value={real.max_batch} format={f.integer} of="maxBatchRealistic" report={r} />
        {real.missing_gib > 0 && <Figure label={t('memory.missing')} echo="memory.realistic.missing_gib" value={real.missing_gib} format={f.gib} />}
      </dl>
    </>
  );
}

export function MemoryPanel({ report: r }) {
  const m = r.memory;
  const c = r.config;
  return (
    <section class="panel" aria-labelledby="memory-h">
      <h2 id="memory-h">{t('memory.title')}</h2>
      <p class="sub">
        {m.gpus > 1
          ? t('memory.many', { gpus: f.integer(m.gpus), tp: c.tp, pp: c.pp })
          : t('memory.one')}
        {r.gpu.memory === 'unified' ? t('memory.unified', { vram: f.capacity(r.gpu.vram_gib), ram: f.capacity(r.gpu.ram_gib) }) : ''}
      </p>
      <MemoryBar report={r} />
      <dl class="legend">
        <Figure label={t('memory.weights')} swatch="weights" testid="memory.weights_gib_per_gpu" value={m.weights_gib_per_gpu} format={f.gib} of="weights" report={r} />
        <Figure label={t('memory.kvBatch', { batch: f.integer(c.batch), batchN: c.batch })} swatch="kv" testid="memory.kv_gib_per_gpu" value={m.kv_gib_per_gpu} format={f.gib} of="kvPerGpu" report={r} />
        <Figure label={t('memory.free')} swatch="free" testid="memory.free_gib_per_gpu" value={m.free_gib_per_gpu} format={room} numClass={roomClass(m.free_gib_per_gpu)} of="free" report={r} />
        <Figure label={t('memory.kvRequest')} testid="memory.kv_gib_per_request" value={m.kv_gib_per_request} format={f.gib} of="kvPerRequest" report={r} />
        <Figure label={t('memory.kvToken')} testid="model.kv_bytes_per_token" value={r.model.kv_bytes_per_token} format={(v) => `${Number.isInteger(v) ? f.integer(v) : f.significant(v, 6)} B`} of="kvPerToken" report={r} />
        <Figure label={t('memory.maxBatch')} echo="memory.max_batch" value={m.max_batch} format={f.integer} of="maxBatch" report={r} />
        {!r.fits && <Figure label={t('memory.shortfall')} echo="memory.shortfall_gib" value={m.shortfall_gib} format={f.gib} of="shortfall" report={r} />}
      </dl>
      <Realistic report={r} />
    </section>
  );
}
