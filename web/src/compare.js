// The Compare view's state: the second and third setups, each a full page state
// (createState: its own inputs and the core's answer for them), beside the main
// one (setup A). A new setup starts as a copy of A's inputs; afterwards each is
// its own. The link carries them as their differences from A (url-codec.js, c1/c2).
import { signal } from '@preact/signals';
import { CUSTOM } from './inputs.js';
import { createState } from './state.js';

/** Setups besides A: B and C. */
export const MAX_COMPARED = 2;

export function createCompare(app, initial = []) {
  const make = (values) => createState(app.core, app.presets, values);
  const columns = signal(initial.slice(0, MAX_COMPARED).map(make));

  /** A new setup, a copy of A's inputs (a pasted config.json only while A's model is that config). */
  function add() {
    if (columns.value.length >= MAX_COMPARED) return;
    const values = { ...app.values.value };
    if (values.model !== CUSTOM) values.config = '';
    columns.value = [...columns.value, make(values)];
  }

  function remove(index) {
    columns.value = columns.value.filter((_, i) => i !== index);
  }

  return { columns, add, remove };
}
