import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Unit tests (shared/, drive-app/, site/ components) and server tests (real SQLite and
// PostgreSQL, real HTTP). Browser tests run under Playwright, not here.
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'shared/**/*.test.tsx',
            'drive-app/**/*.test.ts',
            'drive-app/**/*.test.tsx',
            'site/**/*.test.ts',
            'site/**/*.test.tsx',
            'tests/unit/**/*.test.ts',
            'extension/src/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // Tests that run the server as a process run its build, made fresh here.
          globalSetup: ['scripts/build-server.ts'],
          // Server tests share one PostgreSQL; each file gets its own schema.
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
