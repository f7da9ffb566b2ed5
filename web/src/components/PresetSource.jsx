import { t } from '../i18n/index.js';
import { proseLoaded } from '../presets.js';

// A preset's provenance, exactly as its file states it.
export function PresetSource({ preset, testid }) {
  // Read so that the box follows when the prose arrives, after the first verdict.
  if (!preset || !proseLoaded.value) return null;
  return (
    <details class="source" data-testid={testid}>
      <summary>{t('source.summary', { name: preset.name })}</summary>
      <p><strong>{t('source.source')}</strong> {preset.source ?? t('source.loading')}</p>
      {preset.notes && <p><strong>{t('source.notes')}</strong> {preset.notes}</p>}
    </details>
  );
}
