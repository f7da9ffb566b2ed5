// One vector in, the oracle's report out.

import { analyze } from './analysis.mjs';
import { compareVector } from './compare.mjs';
import { estimate } from './estimate.mjs';
import { readRequest } from './request.mjs';

export function computeVector(vector) {
  const input = vector.request_text !== undefined ? JSON.parse(vector.request_text) : vector.input;
  const req = readRequest(input, vector.config_text);
  return req.kind === 'estimate' ? estimate(req.params, req.gpu, req.deploy) : analyze(req.model, req.gpu, req.deploy);
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
