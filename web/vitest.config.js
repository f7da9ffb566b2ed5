// Unit and vector tests (Node environment): tests/web/**/*.test.js.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  // The page's components are Preact JSX (tests/web/fields.test.js renders the form).
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    // A hang detector, generous for a loaded 2-core machine; no test checks speed
    // (`npm run bench` prints it).
    testTimeout: 120000,
  },
});
