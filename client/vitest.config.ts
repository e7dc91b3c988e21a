import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@rules': fileURLToPath(new URL('../src/common/validation', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 15000,
    // vitest's default leaves a core free: on CI's 2 cores that ran the files one at a time
    // (577 s); two workers take 361 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files of a worker share one module graph (antd, React and jsdom load once per worker,
    // not once per file): 201 s → 86 s on two cores, same machine, same day. src/test/setup.ts
    // puts the page back after each file.
    isolate: false,
  },
});
