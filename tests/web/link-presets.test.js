// The interconnect presets (presets/links/): each figure is consistent with the others a
// vendor states beside it, sourced, and the GPU presets that name a link agree with it.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { ROOT } from './core.js';

const dir = (kind) => fileURLToPath(new URL(`presets/${kind}`, ROOT));
const read = (kind) =>
  readdirSync(dir(kind))
    .filter((name) => name.endsWith('.json'))
    .map((name) => [name.slice(0, -'.json'.length), JSON.parse(readFileSync(`${dir(kind)}/${name}`, 'utf8'))]);
const links = read('links');
const gpus = read('gpus').map(([, g]) => g);

test('the links the issue names are there: NVLink 3/4/5, NVL72, PCIe 4.0/5.0, IB NDR and XDR, RoCE 400G', () => {
  expect(links.map(([id]) => id).sort()).toEqual(
    ['ib-ndr-400', 'ib-xdr-800', 'nvl72', 'nvlink-3', 'nvlink-4', 'nvlink-5', 'pcie-4-x16', 'pcie-5-x16', 'roce-400']);
});

describe.each(links)('%s', (id, link) => {
  test('is named by its file and says its scope', () => {
    expect(link.id).toBe(id);
    expect(['scale-up', 'scale-out']).toContain(link.scope);
  });

  test('one direction is half the headline (vendors sum both directions)', () => {
    expect(link.gbs_one).toBeGreaterThan(0);
    expect(link.gbs_both).toBe(2 * link.gbs_one);
  });

  test('a NIC\'s GB/s is its line rate in Gb/s over 8', () => {
    if (link.scope === 'scale-out') expect(link.gbs_one).toBe(link.line_rate_gbps / 8);
    else expect(link.line_rate_gbps).toBeNull();
  });

  test('an NVLink domain is a whole number of GPUs; a NIC or PCIe has none', () => {
    if (link.link.startsWith('NVLink')) expect(Number.isInteger(link.domain_gpus) && link.domain_gpus >= 2).toBe(true);
    else expect(link.domain_gpus).toBeNull();
  });

  test('every figure has a source, and a latency is published, measured or a labelled assumption', () => {
    expect(link.source.length).toBeGreaterThan(40);
    expect(link.latency_source.length).toBeGreaterThan(20);
    expect(['published', 'measured', 'assumption', 'not published']).toContain(link.latency_basis);
    if (link.latency_basis === 'not published') expect(link.latency_us).toBeNull();
    else expect(link.latency_us).toBeGreaterThan(0);
    if (link.latency_basis === 'assumption') expect(link.latency_source).toMatch(/^Assumption, labelled:/);
  });
});

test('a GPU preset that names a link gives the link preset\'s headline', () => {
  const byName = new Map(links.filter(([id]) => id !== 'nvl72').map(([, l]) => [l.link, l]));
  const checked = gpus.filter((g) => byName.has(g.link));
  expect(checked.length).toBeGreaterThanOrEqual(15);
  for (const g of checked) expect(g.link_gbs, `${g.id} (${g.link})`).toBe(byName.get(g.link).gbs_both);
});
