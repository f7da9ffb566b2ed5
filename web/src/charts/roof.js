// The roofline itself: attainable performance = min(peak, AI × bandwidth).
// This is the definition of the plot, not a figure of the analysis: every AI
// drawn comes from the core, and this only places it under the roof.

/** TFLOPS attainable at intensity `ai` (FLOP/byte) under `tflops` and `bandwidthGbs`. */
export function attainable(ai, tflops, bandwidthGbs) {
  return Math.min(tflops, (ai * bandwidthGbs) / 1000);
}
