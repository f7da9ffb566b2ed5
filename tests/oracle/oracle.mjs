// One vector in, the oracle's report out.

import { analyze } from './analysis.mjs';
import { compareVector } from './compare.mjs';
import { costSection, splitWorkload } from './cost.mjs';
import { disaggregation } from './disaggregation.mjs';
import { OracleError } from './errors.mjs';
import { estimate } from './estimate.mjs';
import { readRequest } from './request.mjs';
import { Q } from './rational.mjs';

export function computeVector(vector) {
  const raw = vector.request_text !== undefined ? JSON.parse(vector.request_text) : vector.input;
  // The workload sets the context and adds a cost to a run that fits.
  const { base: input, workload } = splitWorkload(raw);
  const req = readRequest(input, vector.config_text);
  if (req.kind === 'estimate') {
    if (workload) throw new OracleError('a cost needs a model, not only its size');
    return estimate(req.params, req.gpu, req.deploy);
  }
  const report = analyze(req.model, req.gpu, req.deploy);
  // Disaggregated: the prefill pool at the workload's input tokens, else at seq; a prefill pool that does not
  // fit refuses the whole deployment, with no time (disaggregation.mjs).
  if (req.deploy.prefillInstances > 0n) {
    const atSeq = disaggregation(analyze, req.model, req.gpu, req.deploy, report, null);
    if (atSeq.refused === 'prefill') {
      report.verdict = atSeq.pre.verdict;
      report.level = 'refused';
      report.fits = false;
      for (const k of ['roofline', 'decode', 'prefill', 'realistic']) delete report[k];
      for (const k of ['speedup_vs_one_gpu', 'stage_ms', 'drain_ms', 'one_gpu_ms']) if (report.pp) delete report.pp[k];
      if (report.ep) delete report.ep.a2a_ms;
      report.warnings = report.warnings?.filter((w) => w.code !== 'pp_slower_than_one_gpu');
      // It serves no request; what it lacks is the prefill pool's, and so are its ways out that hold for the whole
      // deployment (a bigger GPU, a lower weight or KV precision: both pools run the same formats).
      report.memory.max_batch = Q.of(0n);
      report.memory.max_batch_realistic = Q.of(0n);
      report.memory.shortfall_gib = atSeq.pre.memory.shortfall_gib;
      const whole = ['bigger_gpu', 'lower_weight_precision', 'lower_kv_precision'];
      report.remedies = (atSeq.pre.remedies ?? []).filter((x) => whole.includes(x.code));
      report.disaggregation = atSeq.section;
      return report; // a refusal has no running cost
    }
    report.disaggregation = workload && report.fits
      ? disaggregation(analyze, req.model, req.gpu, req.deploy, report, workload).section : atSeq.section;
  }
  // Disaggregated: the cost of both pools at the balance's binding pool (cost.mjs); pools with no balance (no
  // time) get none.
  const ids = { gpuId: typeof input.gpu === 'string' ? input.gpu : null, modelId: typeof input.model === 'string' ? input.model : null };
  if (workload && report.fits && req.deploy.prefillInstances > 0n) {
    if (report.disaggregation.balance)
      report.cost = costSection({ report, disagg: report.disaggregation, workload, deploy: req.deploy, ...ids });
    return report;
  }
  if (workload && report.fits) {
    const prefillReport = analyze(req.model, req.gpu, { ...req.deploy, seq: BigInt(workload.input_tokens) });
    report.cost = costSection({
      report, prefillReport, workload, deploy: req.deploy,
      gpuId: typeof input.gpu === 'string' ? input.gpu : null, modelId: typeof input.model === 'string' ? input.model : null,
    });
    // The step and the prefill (at the input's length) the cost used: figures the core does not report,
    // which cost comments show in their derivation (derivation.mjs). Not enumerable: no report key.
    const real = report.cost.basis === 'realistic';
    Object.defineProperty(report, 'derived', {
      value: {
        cost_step_ms: real ? report.realistic.step_ms : report.decode.step_ms,
        cost_prefill_ms: real ? prefillReport.realistic?.prefill_ms : prefillReport.prefill?.ms,
      },
      enumerable: false,
    });
  }
  return report;
}

// {report, diffs}, or {error, diffs} when the oracle cannot compute the vector.
export function judgeVector(vector) {
  try {
    const report = computeVector(vector);
    return { report, diffs: compareVector(vector, report) };
  } catch (e) {
    return { error: e, diffs: [{ path: '(whole vector)', stored: 'a report', oracle: `not computed: ${e.message}`, soft: false }] };
  }
}
