// Serves the hosted build (dist/) on http://127.0.0.1:5173, or $PORT.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startStaticServer } from './static-server.mjs';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) {
  console.error('dist/index.html is missing: run `npm run build:web` first.');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 5173);
const { url } = await startStaticServer(dist, { port });
console.log(`roofline-lint: ${url}`);
console.log(`single file:   ${url}roofline-lint.html`);
