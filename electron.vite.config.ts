// `npm run build` / `npm start` / `npm run dev`: main (ESM), preload (one CommonJS file, as
// sandboxed preloads require), renderer (shared with renderer/vite.config.ts).
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
        input: { index: resolve(import.meta.dirname, 'preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig(),
})
