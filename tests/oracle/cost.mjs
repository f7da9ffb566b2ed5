// The cost of a workload, from the specification, in exact rationals:
//   a request's context is input + output tokens; a month is 30 days (720 h);
//   hours per request = (prefill of the input + output × decode step / batch) / 3.6e6 ms,
//     on the roofline floor (the decode step at the full context, the prefill at the input);
//   loaded step = decode step + (batch − 1) × prefill / output tokens (one request's step under
//     the traffic), tokens/s per user = 1000 / loaded step;
//   active hours = requests/day × 30 × hours per request;
//   buy   = hardware × GPUs × replicas × (1 − resale) / months
//           + GPUs × (active h × active W + idle h × idle W) / 1000 × $/kWh,
//     replicas = max(1, ceil(active h / 720)), idle h = 720 × replicas − active h;
//   cloud = active h × GPUs × $/GPU-hour × boot factor;
//   API   = Mtok in × $/Mtok in + Mtok out × $/Mtok out;
//   break-even: the requests/day where buying (a fixed part + a part per request)
//     meets renting or the API, when it lies within one deployment's capacity.
// Prices are read from presets/prices/ as data; a request's figure is the double
// it parses to, a preset's or the specification's the decimal it is written as.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { OracleError } from './errors.mjs';
import { Q, ZERO } from './rational.mjs';

const PRICES = fileURLToPath(new URL('../../presets/prices/', import.meta.url));

// The request keys of the workload and its prices (core/fields.json, group "workload").
const COUNTS = ['requests_per_day', 'input_tokens', 'output_tokens'];
const PRICE_KEYS = ['hardware_usd', 'months', 'resale_fraction', 'electricity_usd_kwh', 'active_watts', 'idle_watts',
  'cloud_usd_hour', 'boot_factor', 'api_usd_mtok_in', 'api_usd_mtok_out'];

const dec = (s) => Q.fromDecimal(s);
const DAYS = dec('30'), HOURS_PER_MONTH = dec('720'), MS_PER_HOUR = dec('3600000'), MTOK = dec('1000000');

function pricePreset(id, kind) {
  if (typeof id !== 'string' || !/^[a-z0-9.-]+$/.test(id)) return null;
  let p;
  try {
    p = JSON.parse(readFileSync(`${PRICES}${id}.json`, 'utf8'));
  } catch {
    return null;
  }
  return p.kind === kind ? p : null;
}

// The idle rule (presets/README.md, "Prices"): a card with no idle figure idles at its board power times
// the highest measured board idle / board power among the GPU price presets that give both (and no wall
// figure). Found here from the files, not from the core's constant.
let idleRatio;
function highestIdleRatio() {
  if (idleRatio !== undefined) return idleRatio;
  idleRatio = null;
  for (const file of readdirSync(PRICES).filter((f) => f.endsWith('.json'))) {
    const p = pricePreset(file.slice(0, -5), 'gpu');
    const idle = figure(p?.board_watts_idle), board = figure(p?.board_watts_active);
    if (!p || idle === undefined || board === undefined || figure(p.wall_watts_idle) !== undefined || figure(p.wall_watts_active) !== undefined) continue;
    const r = Q.of(idle).div(Q.of(board));
    if (idleRatio === null || r.gt(idleRatio)) idleRatio = r;
  }
  return idleRatio;
}
const SYSTEMS = ['apple', 'mini_pc'];

// {base, workload}: the request without its workload keys (its seq set to the
// context), and the workload as given, or null when the request has none.
export function splitWorkload(input) {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return { base: input, workload: null };
  const base = {}, workload = {};
  for (const [k, v] of Object.entries(input)) {
    if (COUNTS.includes(k) || PRICE_KEYS.includes(k)) workload[k] = v;
    else base[k] = v;
  }
  if (Object.keys(workload).length === 0) return { base: input, workload: null };
  for (const k of COUNTS) {
    const v = workload[k];
    if (!Number.isInteger(v) || v < 1) throw new OracleError(`${k}: a workload gives requests_per_day, input_tokens and output_tokens`);
  }
  const context = workload.input_tokens + workload.output_tokens;
  if (Object.hasOwn(base, 'seq') && base.seq !== context) throw new OracleError('seq must equal input + output tokens');
  base.seq = context;
  return { base, workload };
}

// A price: the request's (the double it gives), else the preset figure's decimal, else missing.
function pick(workload, key, presetValue) {
  if (Object.hasOwn(workload, key)) return Q.fromDouble(workload[key]);
  if (presetValue !== undefined && presetValue !== null) return Q.of(presetValue);
  return null;
}
const figure = (o) => (o && typeof o === 'object' ? o.value : undefined);

const RESALE = { nvidia: '0.35', apple: '0.35', mini_pc: '0.25' };

// report: the oracle's analysis of the request (it fits); prefill: the analysis at seq = input tokens.
// disagg: a disaggregated deployment's section (disaggregation.mjs, at the workload) instead of prefillReport:
//   the GPUs are both pools' (prefill_instances x prefill_tp + decode_instances x tp x pp); the whole deployment
//   is held 1 / sustained requests/s per request (its balance: the pool that binds), the engine's balance when
//   both pools have the engine's figures, else the floor's; the decode pool prefills nothing between its steps,
//   so a request's loaded step is the step itself.
export function costSection({ report, prefillReport, disagg, workload, gpuId, modelId, deploy }) {
  const rpd = Q.of(BigInt(workload.requests_per_day));
  const tin = Q.of(BigInt(workload.input_tokens)), tout = Q.of(BigInt(workload.output_tokens));
  // The basis: the engine's expected step and prefill when the analysis gives them, else the floor.
  const real = disagg ? disagg.realistic?.balance !== undefined : report.realistic !== undefined;
  // The engine's step is for the requests it runs at once: fewer than asked on a tight fit (analysis.mjs).
  const G = disagg ? disagg.prefill_gpus.add(disagg.decode_gpus) : Q.of(deploy.tp * deploy.pp);
  const B = real ? report.realistic.batch : Q.of(deploy.batch);
  const step = real ? report.realistic.step_ms : report.decode.step_ms;
  const prefill = disagg ? (real ? disagg.realistic.prefill_ms : disagg.prefill_ms)
    : (real ? prefillReport.realistic?.prefill_ms : undefined) ?? prefillReport.prefill?.ms ?? ZERO;
  const balance = disagg ? (real ? disagg.realistic.balance : disagg.balance) : null;

  const requests = rpd.mul(DAYS);
  const hoursPerRequest = balance ? Q.of(1n).div(balance.sustained_requests_per_s).div(dec('3600'))
    : prefill.add(tout.mul(step).div(B)).div(MS_PER_HOUR);
  const active = requests.mul(hoursPerRequest);
  const capacity = dec('24').div(hoursPerRequest);
  // One request's step under the traffic: the batch's other B - 1 requests are each replaced once
  // per output_tokens steps, and the newcomers' prefills run between this request's steps.
  const loaded = balance ? step : step.add(B.sub(Q.of(1n)).mul(prefill).div(tout));
  const mtokIn = requests.mul(tin).div(MTOK), mtokOut = requests.mul(tout).div(MTOK);
  const cost = {
    basis: real ? 'realistic' : 'floor',
    workload: {
      requests_per_day: rpd, input_tokens: tin, output_tokens: tout, days_per_month: DAYS,
      mtok_in_per_month: mtokIn, mtok_out_per_month: mtokOut, hours_per_request: hoursPerRequest,
      active_hours_per_month: active, capacity_requests_per_day: capacity, replicas: null,
      loaded_step_ms: loaded, tokens_per_s_user: dec('1000').div(loaded), gpus: G,
    },
  };
  if (balance) {
    cost.disaggregated = {
      prefill_gpus: disagg.prefill_gpus, decode_gpus: disagg.decode_gpus,
      sustained_requests_per_s: balance.sustained_requests_per_s, limited_by: balance.limited_by,
    };
  }

  const gp = pricePreset(gpuId, 'gpu') ?? {};
  const electricity = pricePreset('electricity', 'electricity') ?? {};
  const api = pricePreset(modelId, 'model')?.api ?? null;
  const hw = pick(workload, 'hardware_usd', figure(gp.hardware_usd));
  const resale = pick(workload, 'resale_fraction', RESALE[gp.resale_class]);
  const months = pick(workload, 'months', '36');
  const wa = pick(workload, 'active_watts', figure(gp.wall_watts_active) ?? figure(gp.board_watts_active));
  const board = figure(gp.board_watts_active);
  const byRule = board !== undefined && !SYSTEMS.includes(gp.resale_class) ? Q.of(board).mul(highestIdleRatio()) : null;
  const wi = pick(workload, 'idle_watts', figure(gp.wall_watts_idle) ?? figure(gp.board_watts_idle)) ?? byRule;
  const kwh = pick(workload, 'electricity_usd_kwh', figure(electricity.usd_per_kwh));
  const rate = pick(workload, 'cloud_usd_hour', gp.cloud?.usd_per_gpu_hour);
  const boot = pick(workload, 'boot_factor', '1.15');
  const pin = pick(workload, 'api_usd_mtok_in', api?.usd_per_mtok_in);
  const pout = pick(workload, 'api_usd_mtok_out', api?.usd_per_mtok_out);

  const missing = [];
  if (!hw) missing.push('buy.hardware_usd');
  if (!resale) missing.push('buy.resale_fraction');
  if (!wa) missing.push('buy.active_watts');
  if (!wi) missing.push('buy.idle_watts');
  if (!kwh) missing.push('buy.usd_per_kwh');
  if (!rate) missing.push('cloud.usd_per_gpu_hour');
  if (!pin || !pout) missing.push('api.usd_per_mtok');

  const oneDeployment = active.div(HOURS_PER_MONTH);
  const replicas = oneDeployment.gt(1n) ? Q.of(oneDeployment.ceil()) : Q.of(1n);
  cost.workload.replicas = replicas;
  const K = dec('1000');
  const buy = hw && resale && wa && wi && kwh;
  if (buy) {
    const hours = HOURS_PER_MONTH.mul(replicas);
    const idle = hours.sub(active);
    const dep = hw.mul(G).mul(replicas).mul(Q.of(1n).sub(resale)).div(months);
    const energyKwh = G.mul(active.mul(wa).add(idle.mul(wi))).div(K);
    const energy = energyKwh.mul(kwh);
    const monthly = dep.add(energy);
    cost.buy = {
      hardware_usd: hw, replicas, hardware_usd_total: hw.mul(G).mul(replicas), resale_fraction: resale, months,
      depreciation_usd_per_month: dep, active_watts: wa, idle_watts: wi, usd_per_kwh: kwh, hours_per_month: hours,
      idle_hours_per_month: idle, energy_kwh_per_month: energyKwh, energy_usd_per_month: energy, monthly_usd: monthly,
      usd_per_mtok_out: monthly.div(mtokOut),
    };
  }
  if (rate) {
    const monthly = active.mul(G).mul(rate).mul(boot);
    cost.cloud = { usd_per_gpu_hour: rate, gpus: G, boot_factor: boot, monthly_usd: monthly, usd_per_mtok_out: monthly.div(mtokOut) };
  }
  if (pin && pout) {
    const monthly = mtokIn.mul(pin).add(mtokOut.mul(pout));
    cost.api = { usd_per_mtok_in: pin, usd_per_mtok_out: pout, monthly_usd: monthly, effective_usd_per_mtok_out: monthly.div(mtokOut) };
  }

  // Buying within one deployment: fixed = depreciation + idle power all month;
  // per request/day: the extra power of its active hours. The others: per request only.
  // A crossing outside one deployment's capacity is left out of the report.
  const breakEven = {};
  // The chart: each option is a line over 0..capacity; the core gives its ends.
  const chart = { max_requests_per_day: capacity };
  if (rate) chart.cloud_usd_at_max = DAYS.mul(hoursPerRequest).mul(G).mul(rate).mul(boot).mul(capacity);
  if (pin && pout) chart.api_usd_at_max = DAYS.mul(tin.mul(pin).add(tout.mul(pout))).div(MTOK).mul(capacity);
  if (buy) {
    const fixed = hw.mul(G).mul(Q.of(1n).sub(resale)).div(months).add(HOURS_PER_MONTH.mul(G).mul(wi).div(K).mul(kwh));
    const buySlope = DAYS.mul(hoursPerRequest).mul(G).mul(wa.sub(wi)).div(K).mul(kwh);
    chart.buy_usd_at_zero = fixed;
    chart.buy_usd_at_max = fixed.add(buySlope.mul(capacity));
    const crossing = (slope) => {
      if (!slope.gt(buySlope)) return null;
      const x = fixed.div(slope.sub(buySlope));
      return x.le(capacity) ? x : null;
    };
    const cloudX = rate ? crossing(DAYS.mul(hoursPerRequest).mul(G).mul(rate).mul(boot)) : null;
    const apiX = pin && pout ? crossing(DAYS.mul(tin.mul(pin).add(tout.mul(pout))).div(MTOK)) : null;
    if (cloudX) breakEven.buy_vs_cloud_requests_per_day = cloudX;
    if (apiX) breakEven.buy_vs_api_requests_per_day = apiX;
  }
  cost.break_even = breakEven;
  cost.chart = chart;
  cost.missing = missing;
  return cost;
}
