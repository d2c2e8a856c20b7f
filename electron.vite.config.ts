// `npm run build` / `npm start` / `npm run dev`: main (ESM), preloads (one CommonJS file each,
// as sandboxed preloads require: the cashier's full bridge and the customer display's narrow
// one), renderer (shared with renderer/vite.config.ts).
import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { rendererConfig } from './vite.renderer.config'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'main/index.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads can't load modules from disk: bundle everything (zod included).
      externalizeDeps: false,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'preload/index.ts'),
          'customer-display': resolve(import.meta.dirname, 'preload/customer-display.ts'),
        },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig(),
})
