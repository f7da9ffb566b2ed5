// A preset's provenance, exactly as its file states it.
export function PresetSource({ preset, testid }) {
  if (!preset) return null;
  return (
    <details class="source" data-testid={testid}>
      <summary>Source and notes for {preset.name}</summary>
      <p><strong>Source.</strong> {preset.source}</p>
      {preset.notes && <p><strong>Notes.</strong> {preset.notes}</p>}
    </details>
  );
}
