// Bytes ↔ base64url, and deflate-raw through the platform's (de)compression
// streams. Inflation streams under a byte budget and a deadline, so a deflate
// bomb in a link stops after the budget instead of filling memory.

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

/**
 * Inflates at most `maxBytes` of UTF-8 text. Resolves (never rejects) to
 * {text} or {error: 'too_large' | 'corrupt' | 'not_utf8' | 'timeout'}.
 */
export async function inflateText(bytes, maxBytes, timeoutMs = 800) {
  let reader;
  try {
    reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  } catch {
    return { error: 'corrupt' };
  }
  const stop = () => reader.cancel().catch(() => {});
  let timer;
  const deadline = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ error: 'timeout' }), timeoutMs);
  });
  const read = (async () => {
    const chunks = [];
    let total = 0;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.length;
        if (total > maxBytes) return { error: 'too_large' };
        chunks.push(value);
      }
    } catch {
      return { error: 'corrupt' };
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
  })();
  const result = await Promise.race([read, deadline]);
  clearTimeout(timer);
  if (result.error) stop();
  return result;
}
