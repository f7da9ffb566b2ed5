// Fits the free parameters of each engine preset on the corpus' runs of that
// engine, by least squares on log(estimate / measured):
//   η_bw        the fraction of the memory bandwidth a decode step reaches, 16-bit and fp8 weights;
//   η_bw,quant  the same with weight-only quantized weights (int8, int4, GGUF), which dequantize;
//   t_host      host time per decode step.
// Where an engine has too few runs to tell η from t_host (vLLM: 3, TensorRT-LLM: 2),
// η is a public figure (FIXED below) and only t_host is fitted. Every other
// parameter (kernel cost, kernels per layer, AllReduce α, link) is a public
// figure and stays as core/src/engines.c has it. Prints the fit, the runs it
// used and the spread of measured/estimate, from which the band is read.
// It runs the built CLI (`build/roofline-lint --request`), so build first:
//   bash core/scripts/build.sh native && node tests/measured/fit.mjs [--rows]
// The results are copied by hand into core/src/engines.c, each marked there
// with the runs it was fitted on.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const cli = process.env.RL_CLI ?? 'build/roofline-lint';
const corpus = JSON.parse(readFileSync(new URL('./runs.json', import.meta.url)));
// η fixed to a public figure: vLLM on H200, the measured 4.26 of 4.8 TB/s (reference
// README); TensorRT-LLM, AIConfigurator's 0.8.
const FIXED = { vllm: 0.89, 'trt-llm': 0.8 };
const QUANT16 = new Set(['fp32', 'fp16', 'bf16', 'fp8']);

function run(request) {
  let out;
  try {
    out = execFileSync(cli, ['--request', JSON.stringify(request)], { encoding: 'utf8' });
  } catch (e) {
    out = e.stdout;
  }
  return JSON.parse(out);
}

const rows = [];
for (const r of corpus.runs) {
  // A step under load (compare: loaded_step_ms) is checked, not fitted: what it adds to the step, the
  // other requests' prefills, has no free parameter, and fitting t_host on it would fold that model's
  // error into the engine's.
  if (!r.modelled || !r.checks.includes('error') || r.compare === 'loaded_step_ms') continue;
  const j = run(r.request);
  const x = j.realistic;
  const fixed = x.kernel_ms + (x.allreduce_ms ?? 0) + (x.p2p_ms ?? 0);
  const measured = r.compare === 'e2e_ms' ? r.value : r.unit === 'tok/s' ? 1000 / r.value : r.value;
  const prefill = r.compare === 'e2e_ms' ? run(r.prefill_request).realistic.prefill_ms : 0;
  const steps = r.compare === 'e2e_ms' ? r.output_len : 1;
  const quant = !QUANT16.has(j.config.precision);
  rows.push({ id: r.id, engine: r.engine_preset, quant, floor: j.decode.step_ms, fixed, measured, prefill, steps });
}

const predict = (row, p) => row.prefill + row.steps * (row.floor / (row.quant ? p.etaq : p.eta) + row.fixed + p.host);
const grid = (lo, hi, step) => Array.from({ length: Math.round((hi - lo) / step) + 1 }, (_, i) => +(lo + i * step).toFixed(4));
const fits = {};
for (const engine of [...new Set(rows.map((r) => r.engine))]) {
  const mine = rows.filter((r) => r.engine === engine);
  const etas = FIXED[engine] ? [FIXED[engine]] : grid(0.3, 1, 0.01);
  const etaqs = mine.some((r) => r.quant) ? grid(0.3, 1, 0.01) : [null];
  let best = null;
  for (const eta of etas)
    for (const etaq of etaqs)
      for (const host of grid(0, 5, 0.05)) {
        const p = { eta, etaq: etaq ?? eta, host };
        const loss = mine.reduce((s, r) => s + Math.log(predict(r, p) / r.measured) ** 2, 0);
        if (!best || loss < best.loss) best = { ...p, loss };
      }
  fits[engine] = best;
  const ratios = mine.map((r) => r.measured / predict(r, best)).sort((a, b) => a - b);
  console.log(`${engine}: eta_bw ${best.eta}${FIXED[engine] ? ' (fixed)' : ''}, eta_bw_quant ${etaqs[0] === null ? '-' : best.etaq}, host ${best.host} ms; runs ${mine.map((r) => r.id).join(', ')}`);
  console.log(`  measured/estimate: ${ratios.map((x) => x.toFixed(3)).join(' ')}`);
}
if (process.argv.includes('--rows'))
  for (const r of rows) console.log(r.id, r.engine, r.quant ? 'quant' : '16-bit', 'measured/estimate', (r.measured / predict(r, fits[r.engine])).toFixed(3));
