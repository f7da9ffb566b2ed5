import { lang, t } from '../i18n/index.js';
import { GPU_FIELDS } from '../inputs.js';
import { proseLoaded } from '../presets.js';

// A preset's provenance, exactly as its file states it (English, the file's own words),
// but for one thing: a GPU figure the file leaves null, which its prose may name as
// "tflops_fp8 null" (the JSON literal), is said in the page's words ("no sourced figure").
const FIGURES = GPU_FIELDS.map((k) => k.slice('gpu.'.length));

/** The prose with each `<figure> null` of a figure the preset leaves null worded; an array of children. */
export function presetProse(text, preset) {
  const unset = FIGURES.filter((k) => Object.hasOwn(preset, k) && preset[k] === null);
  if (!unset.length || typeof text !== 'string') return text;
  const parts = text.split(new RegExp(`\\b(${unset.join('|')}) null\\b`));
  // split with one group: text, figure, text, figure, …, text.
  return parts.map((part, i) => (i % 2 === 0 ? part : (
    <span key={i} class="unsourced" data-figure={part} lang={lang.value}><code>{part}</code>{t('source.noFigure')}</span>
  )));
}

export function PresetSource({ preset, testid }) {
  // The box is there from the form's first render, closed, its summary from the core's name;
  // its words follow when the prose arrives, after the first verdict (read so that they do).
  // Added only then, two boxes pushed every field below them down while a user could be
  // opening one of them.
  if (!preset) return null;
  const prose = proseLoaded.value;
  return (
    <details class="source" data-testid={testid}>
      <summary>{t('source.summary', { name: preset.name })}</summary>
      {/* sep.sentence: a space after the English label's full stop, none after the Chinese 。 */}
      <p><strong>{t('source.source')}</strong>{t('sep.sentence')}{prose && preset.source ? <span lang="en">{presetProse(preset.source, preset)}</span> : t('source.loading')}</p>
      {prose && preset.notes && <p><strong>{t('source.notes')}</strong>{t('sep.sentence')}<span lang="en">{presetProse(preset.notes, preset)}</span></p>}
    </details>
  );
}
