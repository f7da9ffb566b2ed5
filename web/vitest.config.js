// Unit and vector tests (Node environment): tests/web/**/*.test.js.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: new URL('..', import.meta.url).pathname,
  test: {
    include: ['tests/web/**/*.test.js'],
    environment: 'node',
    testTimeout: 20000,
  },
});
