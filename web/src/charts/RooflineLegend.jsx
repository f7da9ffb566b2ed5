import * as f from '../format.js';
import { t } from '../i18n/index.js';

// The key to the roofline chart, in HTML so it wraps on a phone instead of
// crowding the plot.
export function RooflineLegend({ report: r, wall }) {
  return (
    <ul class="chart-legend">
      {Number.isFinite(r.roofline.ridge) ? (
        <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="roof" d="M1 11 L12 2 L23 2" /></svg>{t('legend.roof', { bw: f.integer(r.gpu.bandwidth_gbs), ridge: f.intensity(r.roofline.ridge), peak: r.roofline.peak_tflops ?? r.gpu.tflops, precision: r.roofline.compute_precision ? t('legend.roofPrecision', { precision: r.roofline.compute_precision }) : '' })}</li>
      ) : (
        <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="roof" d="M1 11 L23 1" /></svg>{t('legend.slope', { bw: f.integer(r.gpu.bandwidth_gbs) })}</li>
      )}
      <li><svg viewBox="0 0 12 12" aria-hidden="true"><circle class="decode-point" cx="6" cy="6" r="5" /></svg>{t('legend.decode', { batch: f.integer(r.config.batch) })}</li>
      <li><svg viewBox="0 0 12 12" aria-hidden="true"><rect class="prefill-point" x="2" y="2" width="8" height="8" transform="rotate(45 6 6)" /></svg>{t('legend.prefill', { seq: f.integer(r.config.seq) })}</li>
      {wall && <li><svg viewBox="0 0 24 12" aria-hidden="true"><path class="trajectory" d="M1 11 L23 1" /></svg>{t('legend.trajectory')}</li>}
      {wall && <li><svg viewBox="0 0 12 12" aria-hidden="true"><circle class="wall-point" cx="6" cy="6" r="4" /></svg>{t('legend.wall', { batch: f.integer(wall.batch) })}</li>}
    </ul>
  );
}
