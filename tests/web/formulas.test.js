// The "How is it computed?" formulas: the numbers they show put back into the formula they
// print give the figure beside them. Here the FLOPs' parameter term, 2·(N_act − N_in): the
// input embedding, untied, is looked up and not multiplied (core/src/formulas.c).
import { beforeAll, describe, expect, test } from 'vitest';
import { bytesPerStep, flops, prefill } from '../../web/src/explain/formulas.js';
import { lang, loadLang } from '../../web/src/i18n/index.js';
import { loadTestCore } from './core.js';

const core = await loadTestCore();
beforeAll(async () => {
  await loadLang('en');
  lang.value = 'en';
});

const shown = (text, name) => Number(text.match(new RegExp(`${name} = ([\\d,]+)`))[1].replace(/,/g, ''));

describe('FLOPs: 2·(N_act − N_in) per token, and attention', () => {
  // Attention grows with the context, the matmuls do not: two contexts give the matmul part.
  const at = (model, seq) => core.analyze({ model, gpu: 'h100-sxm', batch: 4, seq });
  test.each([
    ['llama-3-8b', 128256 * 4096], // untied: the input table is left out
    ['qwen3-4b', 0], // tied: one matrix, multiplied as the LM head
    ['qwen3-30b-a3b', 151936 * 2048], // MoE: k of E experts' matmuls
  ])('%s', (model, table) => {
    const a = at(model, 1024), b = at(model, 2048);
    const text = flops(a).numbers;
    expect(shown(text, 'N_in')).toBe(table);
    expect(a.model.params_input_table).toBe(table);
    const matmuls = 2 * a.roofline.flops_per_step - b.roofline.flops_per_step; // attention is linear in S here
    expect(matmuls / (4 * 2 * (shown(text, 'N_act') - shown(text, 'N_in')))).toBeCloseTo(1, 9);
    expect(prefill(a).numbers).toContain(`N_in = ${table.toLocaleString('en-US')}`);
  });
});

describe('bytes per step: W_read/tp + B · KV bytes per request · kv_share, with the numbers shown', () => {
  test.each([
    ['llama-3-8b', {}], // untied: its input table is looked up, not read
    ['qwen3-4b', {}], // tied: the one matrix is read as the LM head
    ['llama-3-70b', { tp: 2, gpu: 'h100-sxm' }],
  ])('%s %j', (model, extra) => {
    const r = core.analyze({ model, gpu: 'h200-sxm', batch: 8, ...extra });
    const text = bytesPerStep(r).numbers;
    const read = Number(text.match(/= ([\d,]+) B/)[1].replace(/,/g, ''));
    const kv = Number(text.match(/KV bytes per request = ([\d,]+)/)[1].replace(/,/g, ''));
    expect(read).toBe(r.roofline.weight_bytes_read);
    expect(read).toBeLessThan(r.model.weight_bytes + 1);
    expect((read / r.config.tp + 8 * kv * (r.tp?.kv_share_per_gpu ?? 1)) / r.roofline.bytes_per_step).toBeCloseTo(1, 12);
  });
});
