// Single-file build: dist/roofline-lint.html carries its script, style and the
// wasm (deflated, base64, in the script) inline, so it works from file:// with
// the network off.
import { defineConfig } from 'vite';
import preact from '@preact/preset-vite';
import { presetProse } from './build/preset-prose.js';
import { viteSingleFile } from 'vite-plugin-singlefile';
import { singleFileCsp } from './build/csp.js';
import { wasmSource } from './build/wasm-source.js';
import { cliMessagesOut } from './build/cli-messages.js';
import { fieldsForPage } from './build/fields.js';
import { noPreloads } from './build/preload-helper.js';

const root = new URL('.', import.meta.url).pathname;
const wasm = new URL('generated/roofline.wasm', import.meta.url).pathname;
const fields = new URL('../core/fields.json', import.meta.url).pathname;
const outFile = new URL('../dist/roofline-lint.html', import.meta.url).pathname;

export default defineConfig({
  root,
  base: './',
  publicDir: false,
  plugins: [noPreloads(), cliMessagesOut(), preact(), fieldsForPage(fields), presetProse(new URL('../presets', import.meta.url).pathname), wasmSource({ full: wasm }, { inline: true }), viteSingleFile({ outputFileName: 'roofline-lint.html' }), singleFileCsp(outFile)],
  build: {
    outDir: '../dist',
    emptyOutDir: false,
    modulePreload: false,
    assetsInlineLimit: 100_000_000,
    target: 'es2022',
  },
});
