// Content-Security-Policy for both builds. The hosted page loads its script and
// wasm from its own origin; the single file pins its inline script and style by
// hash, because a file:// page has no origin worth trusting.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

const COMMON = [
  "default-src 'none'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  // Preact never needs an HTML sink; with Trusted Types any innerHTML use would throw.
  "require-trusted-types-for 'script'",
];

/** The one Trusted Types policy the hosted page may create: it lets only './sw.js' through. */
export const SW_POLICY = 'roofline-sw';

export const HOSTED_POLICY = [
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  // The one outside host: huggingface.co, for the "Fetch" of a repo's config.json (HfFetch.jsx), on a click only.
  "connect-src 'self' https://huggingface.co",
  // Installable and offline: the web manifest and the service worker, both from the page's own origin.
  "manifest-src 'self'",
  "worker-src 'self'",
  ...COMMON,
  // One Trusted Types policy, which passes only the service worker's fixed URL (main.jsx).
  `trusted-types ${SW_POLICY}`,
].join('; ');

export function singlePolicy(scriptHashes, styleHashes) {
  return [
    `script-src ${scriptHashes.map((h) => `'${h}'`).join(' ')} 'wasm-unsafe-eval'`,
    `style-src ${styleHashes.map((h) => `'${h}'`).join(' ') || "'none'"}`,
    // The wasm travels inside the script (deflated, base64) and is inflated in memory:
    // the one connection is the "Fetch" of a Hugging Face config.json, on a click only.
    "connect-src https://huggingface.co",
    ...COMMON,
    "trusted-types 'none'",
  ].join('; ');
}

const sha256 = (text) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

function metaTag(policy) {
  return `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
}

/** Puts the meta right after the charset, before any script, style or link it must govern. */
export function insertMeta(html, policy) {
  // Only the markup before the first script counts: an inlined script may well mention a CSP meta.
  const head = html.search(/<script\b/i) < 0 ? html : html.slice(0, html.search(/<script\b/i));
  if (head.includes('http-equiv="Content-Security-Policy"')) throw new Error('the page already has a CSP meta');
  const charset = /<meta charset="[^"]*">/i;
  if (charset.test(html)) return html.replace(charset, (tag) => `${tag}\n    ${metaTag(policy)}`);
  return html.replace(/<head>/i, (head) => `${head}\n    ${metaTag(policy)}`);
}

/** Hashes of every inline <script> and <style> body, exactly as written. */
export function inlineHashes(html) {
  const scripts = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => sha256(m[1]));
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => sha256(m[1]));
  return { scripts, styles };
}

/** Hosted build: a fixed policy, added at build time only (the dev server injects inline scripts). */
export function hostedCsp() {
  return {
    name: 'roofline:hosted-csp',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: (html) => insertMeta(html, HOSTED_POLICY) },
  };
}

/** Single file: after the bundle is written and inlined, hash its inline code and pin it. */
export function singleFileCsp(outFile) {
  return {
    name: 'roofline:single-file-csp',
    apply: 'build',
    enforce: 'post',
    closeBundle() {
      const html = readFileSync(outFile, 'utf8');
      const { scripts, styles } = inlineHashes(html);
      if (scripts.length === 0) throw new Error(`${outFile}: no inline script to pin`);
      writeFileSync(outFile, insertMeta(html, singlePolicy(scripts, styles)));
    },
  };
}
