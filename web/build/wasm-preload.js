// Hosted build: the page's script fetches the wasm only once it runs, so the
// HTML asks for it up front and the download overlaps the script's.
export function wasmPreload() {
  return {
    name: 'roofline:wasm-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const wasm = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.fileName.endsWith('.wasm'));
        if (!wasm) return html;
        return [{ tag: 'link', attrs: { rel: 'preload', href: `./${wasm.fileName}`, as: 'fetch', type: 'application/wasm', crossorigin: 'anonymous' }, injectTo: 'head' }];
      },
    },
  };
}
