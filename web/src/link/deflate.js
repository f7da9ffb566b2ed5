// Bytes ↔ base64url, and deflate-raw through the platform's (de)compression
// streams. Inflation is bounded by bytes and steps, never by time, so a link
// gets the same answer on a fast and on a loaded machine: the compressed bytes
// go in in small slices, one more only when the output so far has been read,
// reading stops as soon as the output passes the byte budget, and the number
// of reads is capped. A deflate bomb in a link therefore inflates at most the
// budget plus what one slice can expand to (deflate's ratio is at most 1032:1)
// before it is refused.

const B64URL = /^[A-Za-z0-9_-]*$/;

export function bytesToBase64url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when the text is not base64url (no padding, no other characters). */
export function base64urlToBytes(text) {
  if (typeof text !== 'string' || !B64URL.test(text) || text.length % 4 === 1) return null;
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary;
  try {
    binary = atob(b64);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export async function deflateText(text) {
  const stream = new Blob([new TextEncoder().encode(text)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Compressed bytes handed to the inflater at a time: a slice expands to at most ~1 MiB. */
export const INFLATE_SLICE_BYTES = 1024;
/** Reads of inflated output before giving up; a real config.json needs a few dozen. */
export const INFLATE_MAX_STEPS = 4096;

/**
 * Inflates at most `maxBytes` of UTF-8 text, in at most `maxSteps` reads of the
 * inflater's output. Resolves (never rejects) to {text} or
 * {error: 'too_large' | 'too_many_steps' | 'corrupt' | 'not_utf8'}.
 */
export async function inflateText(bytes, maxBytes, maxSteps = INFLATE_MAX_STEPS) {
  let reader;
  try {
    let at = 0;
    // A pull source with no queue of its own: the next slice is asked for only
    // when the inflater is ready for more input, i.e. once its output was read.
    const slices = new ReadableStream({
      pull(controller) {
        if (at >= bytes.length) {
          controller.close();
          return;
        }
        controller.enqueue(bytes.slice(at, at + INFLATE_SLICE_BYTES));
        at += INFLATE_SLICE_BYTES;
      },
    }, { highWaterMark: 0 });
    reader = slices.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  } catch {
    return { error: 'corrupt' };
  }
  const stop = (result) => {
    reader.cancel().catch(() => {});
    return result;
  };
  const chunks = [];
  let total = 0;
  try {
    for (let steps = 0; ; steps++) {
      if (steps >= maxSteps) return stop({ error: 'too_many_steps' });
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > maxBytes) return stop({ error: 'too_large' });
      chunks.push(value);
    }
  } catch {
    return stop({ error: 'corrupt' });
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(all) };
  } catch {
    return { error: 'not_utf8' };
  }
}
