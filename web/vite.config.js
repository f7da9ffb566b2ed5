// Hosted build: dist/index.html with its script, style and wasm as separate files (the
// first verdict loads the entry script, the style and the verdict wasm; the rest comes after).
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { presetProse } from './build/preset-prose.js';
import { hostedCsp } from './build/csp.js';
import { wasmPreload } from './build/wasm-preload.js';
import { wasmSource } from './build/wasm-source.js';
import { pwa } from './build/pwa.js';
import { cliMessagesOut } from './build/cli-messages.js';
import { fieldsForPage } from './build/fields.js';
import { englishSplit } from './build/en-split.js';
import { stylesheetPreloads } from './build/preload-helper.js';

const root = new URL('.', import.meta.url).pathname;
const wasm = new URL('generated/roofline.wasm', import.meta.url).pathname;
const verdictWasm = new URL('generated/roofline-verdict.wasm', import.meta.url).pathname;
const fields = new URL('../core/fields.json', import.meta.url).pathname;

export default defineConfig({
  root,
  base: './',
  // The static assets (the web manifest, the icons), copied as they are (web/build/pwa.js).
  publicDir: new URL('../public', import.meta.url).pathname,
  plugins: [stylesheetPreloads(), cliMessagesOut(), englishSplit(new URL('src', import.meta.url).pathname), preact(), fieldsForPage(fields, new URL('src/field-links.js', import.meta.url).pathname), presetProse(new URL('../presets', import.meta.url).pathname), wasmSource({ full: wasm, verdict: verdictWasm }, { inline: false }), wasmPreload(), pwa(), hostedCsp()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    modulePreload: false,
    assetsInlineLimit: 0,
    target: 'es2022',
  },
});
