// One key figure: its label, the figure (a Num, or what the caller gives), and a note under it.
export function Tile({ label, note, children }) {
  return (
    <div class="tile">
      <span class="tile-label">{label}</span>
      {children}
      <span class="tile-note">{note}</span>
    </div>
  );
}
