// Writes the hosted page's static assets into public/ (Vite's publicDir copies them into dist/ as
// they are): the web manifest and the icons, drawn by web/build/pwa.js (SVG, and PNG at 192 and
// 512 px, no image tool needed). Run it after changing the icon or the manifest there;
// tests/web/pwa.test.js fails when public/ and the drawing differ.
//   node web/scripts/make-public.mjs
import { writeFileSync } from 'node:fs';
import { publicFiles } from '../build/pwa.js';

const dir = new URL('../../public/', import.meta.url);
for (const [name, bytes] of Object.entries(publicFiles())) writeFileSync(new URL(name, dir), bytes);
console.log(`public/: ${Object.keys(publicFiles()).join(', ')}`);
