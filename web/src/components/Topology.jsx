// The topology view (issue 37): where the deployment's GPUs are (nodes as boxes of GPUs, as the
// report's topology places them: tp x pp GPUs filling nodes of gpus_per_node in rank order), which
// collective crosses which link (the GPU's own link inside a node, one NIC per GPU between nodes)
// at its one-way GB/s, and each GPU's memory. Disaggregated, the nodes are one decode instance's, and
// the prefill and decode pools follow with the link the KV crosses between them. Drawn with plain SVG on a pure scale, as web/src/charts
// do; every figure is the report's, each element's data-testid its JSON path.
import * as f from '../format.js';
import { Num } from './Num.jsx';
import { useWidth } from '../charts/useWidth.js';
import { t, tx } from '../i18n/index.js';

const MAX_NODES = 4; // boxes drawn; more nodes are counted in a label
const MAX_GPUS = 72; // GPU squares drawn per node (an NVL72 rack)
const CELL = 14;
const GAP = 4;
const PAD = 10;

/** The collectives of a report, each with the link it crosses and that link's one-way GB/s (null when unknown). */
export function collectives(r) {
  const topo = r.topology;
  if (!topo) return [];
  const gbs = (crosses) => (crosses === 'scale-out' ? topo.scale_out_gbs : topo.scale_up_gbs);
  const list = [];
  if (topo.allreduce_crosses) {
    list.push({ id: 'allreduce', path: 'topology.allreduce_crosses', crosses: topo.allreduce_crosses, gbs: topo.allreduce_link_gbs, gbsPath: 'topology.allreduce_link_gbs' });
  }
  if (topo.pp_hop_crosses) {
    list.push({ id: 'pp_hop', path: 'topology.pp_hop_crosses', crosses: topo.pp_hop_crosses, gbs: topo.pp_hop_link_gbs, gbsPath: 'topology.pp_hop_link_gbs' });
  }
  if (topo.a2a_crosses) list.push({ id: 'a2a', path: 'topology.a2a_crosses', crosses: topo.a2a_crosses, gbs: gbs(topo.a2a_crosses), gbsPath: null });
  const dp = r.dp_attention;
  if (dp && dp.group_allreduce_crosses && dp.attention_tp > 1) {
    list.push({ id: 'dp_group', path: 'dp_attention.group_allreduce_crosses', crosses: dp.group_allreduce_crosses, gbs: dp.group_link_gbs, gbsPath: 'dp_attention.group_link_gbs' });
  }
  return list;
}

const linkName = (topo, crosses) => (crosses === 'scale-out' ? t('topo.nic', { link: topo.scale_out_link ?? '' }) : t('topo.scaleUp'));

function Node({ x, y, w, index, gpus, used, cols, rows }) {
  const h = PAD * 2 + 16 + rows * (CELL + GAP);
  return (
    <g data-testid={`topology.node.${index}`}>
      <rect class="topo-node" x={x} y={y} width={w} height={h} rx="6" />
      <text class="row-label" x={x + PAD} y={y + PAD + 10}>{t('topo.node', { n: index + 1 })}</text>
      {Array.from({ length: Math.min(gpus, MAX_GPUS) }, (_, i) => (
        <rect key={i} class={i < used ? 'topo-gpu' : 'topo-gpu idle'} x={x + PAD + (i % cols) * (CELL + GAP)}
          y={y + PAD + 16 + Math.floor(i / cols) * (CELL + GAP)} width={CELL} height={CELL} rx="2" />
      ))}
    </g>
  );
}

/**
 * A disaggregated deployment's two pools and the link its KV crosses from the one to the other (the report's
 * disaggregation section: one NIC per GPU, docs/scale-out.md). Each figure is shown again from
 * DisaggPools.jsx, so it names its path in data-of.
 */
function Pools({ d, decodePer, width }) {
  const W = Math.max(260, width);
  const gap = Math.min(180, Math.max(90, W * 0.3));
  const boxW = (W - gap) / 2;
  const H = 78;
  const y = 8;
  const h = 52;
  const pool = (which, x, n, per, gpus, path) => (
    <g class={`topo-pool ${which}`} data-testid={`topology.${which}_pool`} data-of={path} data-value={String(gpus)}>
      <rect class="topo-node" x={x} y={y} width={boxW} height={h} rx="6" />
      <text class="row-label" x={x + PAD} y={y + 20}>{t(`topo.pd.${which}`)}</text>
      <text class="topo-link-label" x={x + PAD} y={y + 40}>{t('topo.pd.pool', { n: f.integer(n), per: f.integer(per) })}</text>
    </g>
  );
  return (
    <svg class="topology" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="topo-pd-title" data-testid="topology.disaggregation">
      <title id="topo-pd-title">{t('topo.pd.title')}</title>
      {pool('prefill', 0, d.prefill_instances, d.prefill_tp, d.prefill_gpus, 'disaggregation.prefill_gpus')}
      {pool('decode', boxW + gap, d.decode_instances, decodePer, d.decode_gpus, 'disaggregation.decode_gpus')}
      <g data-of="disaggregation.link" data-value={d.link}>
        <line class="topo-kv" x1={boxW} x2={boxW + gap - 6} y1={y + h / 2} y2={y + h / 2} />
        <path class="topo-kv-head" d={`M ${boxW + gap - 10} ${y + h / 2 - 5} L ${boxW + gap} ${y + h / 2} L ${boxW + gap - 10} ${y + h / 2 + 5} z`} fill="currentColor" />
        <text class="topo-link-label" x={boxW + gap / 2} y={y + h / 2 - 8} text-anchor="middle">KV</text>
        <text class="topo-link-label" x={boxW + gap / 2} y={y + h + 14} text-anchor="middle">
          {t('topo.pd.link', { link: d.link, gbs: f.integer(d.link_gbs) })}
        </text>
      </g>
    </svg>
  );
}

export function Topology({ report: r }) {
  const [box, width] = useWidth(600);
  const topo = r.topology;
  const d = r.disaggregation;
  if (!topo && !d) return null;
  if (!topo) {
    return (
      <section class="panel" aria-labelledby="topo-h" data-testid="topology">
        <h2 id="topo-h">{t('topo.title')}</h2>
        <div class="chart-box" ref={box}><Pools d={d} decodePer={r.memory.gpus} width={width} /></div>
        <p class="sub">{t('topo.oneWay')}</p>
      </section>
    );
  }
  const W = Math.max(260, width);
  const total = r.config.tp * r.config.pp;
  const per = topo.gpus_per_node;
  const shown = Math.min(topo.nodes, MAX_NODES);
  const cols = Math.min(8, Math.max(1, Math.min(per, MAX_GPUS)));
  const rows = Math.ceil(Math.min(per, MAX_GPUS) / cols);
  const boxW = Math.max(cols * (CELL + GAP) - GAP + PAD * 2, 90);
  const linkGap = topo.nodes > 1 ? 70 : 0;
  // Boxes in rows as wide as the view holds; the NIC drawn between neighbours.
  const perRow = Math.max(1, Math.min(shown, Math.floor((W + linkGap) / (boxW + linkGap))));
  const boxH = PAD * 2 + 16 + rows * (CELL + GAP);
  const list = collectives(r);
  const across = list.filter((c) => c.crosses === 'scale-out');
  const inside = list.filter((c) => c.crosses === 'scale-up');
  const rowH = boxH + (inside.length ? 36 : 22);
  const H = Math.ceil(shown / perRow) * rowH + (topo.nodes > shown ? 18 : 0) + 8;
  const words = (cs) => cs.map((c) => t(`topo.c.${c.id}`)).join(', ');
  const m = r.memory;
  return (
    <section class="panel" aria-labelledby="topo-h" data-testid="topology">
      <h2 id="topo-h">{t('topo.title')}</h2>
      <p class="sub">
        {tx('topo.layout', {
          gpus: f.integer(total),
          nodes: <Num testid="topology.nodes" value={topo.nodes} format={f.integer} />,
          per: <Num testid="topology.gpus_per_node" value={per} format={f.integer} />,
        })}{' '}
        {t('topo.oneWay')}
      </p>
      <div class="chart-box" ref={box}>
        <svg class="topology" viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="topo-title">
          <title id="topo-title">{t('topo.desc', { nodes: topo.nodes, per, gpus: total })}</title>
          {Array.from({ length: shown }, (_, k) => {
            const col = k % perRow;
            const x = col * (boxW + linkGap);
            const y = Math.floor(k / perRow) * rowH;
            const used = Math.max(0, Math.min(per, total - k * per));
            return (
              <g key={k}>
                <Node x={x} y={y} w={boxW} index={k} gpus={per} used={used} cols={cols} rows={rows} />
                <text class="topo-link-label" x={x} y={y + boxH + 14} data-testid={k === 0 ? 'topology.scale_up_gbs' : undefined}
                  data-value={String(topo.scale_up_gbs)}>
                  {t('topo.scaleUpGbs', { gbs: f.integer(topo.scale_up_gbs) })}
                </text>
                {inside.length > 0 && <text class="topo-link-label sub" x={x} y={y + boxH + 28}>{words(inside)}</text>}
                {col + 1 < perRow && k + 1 < shown && (
                  <g data-testid={k === 0 ? 'topology.scale_out_gbs' : undefined} data-value={String(topo.scale_out_gbs)}>
                    <line class={across.length ? 'topo-nic busy' : 'topo-nic'} x1={x + boxW} x2={x + boxW + linkGap} y1={y + boxH / 2} y2={y + boxH / 2} />
                    <text class="topo-link-label" x={x + boxW + linkGap / 2} y={y + boxH / 2 - 6} text-anchor="middle">
                      {f.integer(topo.scale_out_gbs)} GB/s
                    </text>
                    <text class="topo-link-label" x={x + boxW + linkGap / 2} y={y + boxH / 2 + 14} text-anchor="middle"
                      data-testid={k === 0 ? 'topology.scale_out_link' : undefined} data-value={topo.scale_out_link}>
                      {t('topo.nicShort')}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
          {topo.nodes > shown && (
            <text class="topo-link-label" x={0} y={H - 6}>{t('topo.more', { n: f.integer(topo.nodes - shown) })}</text>
          )}
        </svg>
        {d && <Pools d={d} decodePer={total} width={width} />}
      </div>
      <ul class="topo-list">
        {list.map((c) => (
          <li key={c.id} data-testid={c.path} data-value={c.crosses}>
            {t('topo.crosses', { what: t(`topo.c.${c.id}`), link: linkName(topo, c.crosses) })}{' '}
            {c.gbs !== undefined && (c.gbsPath ? <Num testid={c.gbsPath} value={c.gbs} format={(v) => `${f.integer(v)} GB/s`} /> : `${f.integer(c.gbs)} GB/s`)}
          </li>
        ))}
        {list.length === 0 && <li>{t('topo.none')}</li>}
      </ul>
      <p>
        {t('topo.memory')}{' '}
        <Num of="memory.weights_gib_per_gpu" value={m.weights_gib_per_gpu} format={f.gib} /> + <Num of="memory.kv_gib_per_gpu" value={m.kv_gib_per_gpu} format={f.gib} />{' '}
        {t('topo.memoryOf', { vram: f.capacity(r.gpu.vram_gib) })}
      </p>
    </section>
  );
}
