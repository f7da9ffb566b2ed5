import { useLayoutEffect, useRef, useState } from 'preact/hooks';

// The CSS width of a chart's container, so one SVG unit stays one pixel and
// the 12 px labels stay 12 px on a phone as on a desktop. The width comes from
// a ResizeObserver, which reports after layout and before paint: reading
// clientWidth here instead would force a layout of the whole page inside the
// first render.
export function useWidth(fallback = 640) {
  const ref = useRef(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver !== 'function') return undefined;
    const observer = new ResizeObserver((entries) => {
      const rounded = Math.round(entries[0].contentRect.width);
      if (rounded > 0) setWidth(rounded);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
