// A tiny static file server for dist/, shared by serve.mjs, bench.mjs and the
// browser tests. Serves only files under the root; no directory listings.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Starts serving `root` on host:port (port 0 picks a free one). Resolves to {url, close}.
 * `pages` maps a path ('/x.html') to HTML served there ahead of the files (the bench's frame host).
 */
export function startStaticServer(root, { host = '127.0.0.1', port = 0, pages = {} } = {}) {
  const base = resolve(root);
  // Large request lines are allowed so that an oversized share link reaches the page, which refuses it visibly.
  const server = createServer({ maxHeaderSize: 4 << 20 }, async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (Object.hasOwn(pages, path)) {
        res.writeHead(200, { 'content-type': TYPES['.html'], 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : pages[path]);
        return;
      }
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) throw new Error('outside the root');
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found');
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      const { port: p } = server.address();
      ok({ url: `http://${host}:${p}/`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
