// The oracle reads every published config.json of tests/configs/ with its own
// copy of the transformers defaults (defaults.mjs) and must count the language
// model as the manifest says: a second, independent reading of the same files
// the core's rl_configs_test checks. The oracle does not count vision towers,
// so it is held to expected_text. Run: node --test tests/oracle/

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { allDefaults } from './defaults.mjs';
import { readModel } from './model.mjs';

const DIR = new URL('../configs/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8'));

test('the corpus holds at least 90 published configs', () => {
  assert.ok(manifest.configs.length >= 90, `${manifest.configs.length} configs`);
});

// A config whose layers the core does not model is refused there (rl_configs_test checks the field); the
// oracle models no more than the core, so it has no count to give for one.
for (const entry of manifest.configs.filter((e) => !e.expected_refusal)) {
  test(`${entry.file}: the oracle counts the language model as the manifest says`, () => {
    const config = JSON.parse(readFileSync(new URL(entry.file, DIR), 'utf8'));
    const m = readModel(config, entry.hf_repo);
    assert.equal(m.paramsTotal, BigInt(entry.expected_text));
  });
}

// Every default the oracle applies is a row of the table in tests/configs/README.md,
// which rl_configs_test in turn holds to the core's table: the three cannot drift apart.
test('the oracle applies no default the README table lacks', () => {
  const readme = readFileSync(new URL('README.md', DIR), 'utf8');
  for (const { type, field, value } of allDefaults()) {
    const v = typeof value === 'boolean' ? (value ? 1 : 0) : value;
    assert.ok(readme.includes(`| ${type} | ${field} | ${v} | `), `README.md lacks ${type}.${field} = ${v}`);
  }
});

// And the other way: every language-model row of the README (the core's table) is one the oracle applies.
test('the oracle applies every language-model default of the README table', () => {
  const readme = readFileSync(new URL('README.md', DIR), 'utf8');
  const mine = new Set(allDefaults().map(({ type, field, value }) => `${type}.${field}=${typeof value === 'boolean' ? Number(value) : value}`));
  const rows = [...readme.matchAll(/^\| ([a-z0-9_]+) \| ([a-z_]+) \| (\d+) \| src\/transformers/gm)];
  assert.ok(rows.length > 50, `${rows.length} rows read from README.md`);
  for (const [, type, field, value] of rows) {
    // Vision towers and their projectors: the core counts them, the oracle does not.
    if (type.endsWith('_vision') || ['siglip_vision_model', 'llama4_vision_model', 'pixtral', 'mistral3', 'fuyu'].includes(type)) continue;
    assert.ok(mine.has(`${type}.${field}=${value}`), `the oracle lacks ${type}.${field} = ${value}`);
  }
});
