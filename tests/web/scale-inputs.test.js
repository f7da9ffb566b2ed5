// The scale-out inputs (issue 37, item 5): the field table's scale rows are page inputs, left empty (the core's
// defaults) and sent only once the full module answers: the hosted first-verdict module is built without them
// (RL_SCALE_OUT=0) and refuses them as keys it does not know.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import table from '../../core/fields.json' with { type: 'json' };
import { SCALE_FIELDS, defaultInputs } from '../../web/src/inputs.js';
import { buildRequest } from '../../web/src/request.js';
import { loadCore } from '../../web/src/core/loader.js';
import { ROOT } from './core.js';

const values = { ...defaultInputs(['deepseek-v3'], ['h200-sxm']), model: 'deepseek-v3', gpu: 'h200-sxm', tp: '8', ep: '8', dp_attention: '8' };

describe('scale-out inputs', () => {
  test('are the table\'s scale rows, empty by default', () => {
    expect(SCALE_FIELDS).toEqual(table.fields.filter((f) => f.group === 'scale').map((f) => f.key));
    // Disaggregation's rows included (issue 37, item 4 on the page).
    expect(SCALE_FIELDS).toEqual(expect.arrayContaining(['prefill_instances', 'prefill_tp', 'decode_instances']));
    const d = defaultInputs();
    for (const key of SCALE_FIELDS) expect(d[key]).toBe('');
  });

  test('are sent to the full module, never to the first-verdict one', async () => {
    const full = buildRequest(values).request;
    expect(full).toMatchObject({ ep: 8, dp_attention: 8 });
    const first = buildRequest(values, { scaleOut: false }).request;
    for (const key of SCALE_FIELDS) expect(first).not.toHaveProperty(key);
    // Why: the verdict module does not know them, the full one does.
    const verdict = await loadCore(readFileSync(new URL('web/generated/roofline-verdict.wasm', ROOT)));
    const whole = await loadCore(readFileSync(new URL('web/generated/roofline.wasm', ROOT)));
    expect(verdict.analyze(full).error?.field).toBe('ep');
    expect(verdict.analyze(first).error).toBeUndefined();
    expect(whole.analyze(full).config).toMatchObject({ ep: 8, dp_attention: 8 });
  });
});
