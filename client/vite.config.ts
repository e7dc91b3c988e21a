import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { firstPaint } from './build/firstPaint';

const api = 'http://localhost:3000';

/** Vendor groups: React + router + Redux change rarely; antd's initial part is its own chunk. */
const vendorGroups = [
  { name: 'vendor-react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-redux|@reduxjs|redux|reselect|immer|use-sync-external-store)[\\/]/, priority: 3 },
  { name: 'vendor-antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+|@emotion|stylis|classnames|clsx|@babel[\\/]runtime)[\\/]/, priority: 2, tags: ['$initial' as const] },
];

export default defineConfig({
  plugins: [react(), firstPaint()],
  // The validation rules and messages shared with the server (src/common/validation: pure TypeScript).
  resolve: {
    alias: {
      '@rules': fileURLToPath(new URL('../src/common/validation', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
