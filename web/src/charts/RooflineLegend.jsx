import * as f from '../format.js';

// The key to the roofline chart, in HTML so it wraps on a phone instead of
// crowding the plot.
export function RooflineLegend({ report: r, wall }) {
  return (
    <ul class="chart-legend">
      {Number.isFinite(r.roofline.ridge) ? (
        <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="roof" d="M1 11 L12 2 L23 2" /></svg>roof: {f.integer(r.gpu.bandwidth_gbs)} GB/s up to the ridge ({f.intensity(r.roofline.ridge)} FLOP/byte), then {r.roofline.peak_tflops ?? r.gpu.tflops} TFLOPS{r.roofline.compute_precision ? ` (${r.roofline.compute_precision} peak)` : ''}</li>
      ) : (
        <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="roof" d="M1 11 L23 1" /></svg>bandwidth slope only, {f.integer(r.gpu.bandwidth_gbs)} GB/s: no sourced TFLOPS, no compute roof</li>
      )}
      <li><svg viewBox="0 0 12 12" aria-hidden="true"><circle class="decode-point" cx="6" cy="6" r="5" /></svg>decode at batch {f.integer(r.config.batch)}</li>
      <li><svg viewBox="0 0 12 12" aria-hidden="true"><rect class="prefill-point" x="2" y="2" width="8" height="8" transform="rotate(45 6 6)" /></svg>prefill of {f.integer(r.config.seq)} tokens</li>
      {wall && <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="trajectory" d="M1 11 L23 1" /></svg>decode as the batch grows</li>}
      {wall && <li><svg viewBox="0 0 12 12" aria-hidden="true"><circle class="wall-point" cx="6" cy="6" r="4" /></svg>largest batch that fits ({f.integer(wall.batch)}): the KV wall</li>}
    </ul>
  );
}
