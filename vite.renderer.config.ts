// Renderer build settings shared by electron.vite.config.ts (the app) and renderer/vite.config.ts
// (the standalone build the preview and e2e tests serve). Both produce out/renderer.
import react from '@vitejs/plugin-react'
import { resolve } from 'node:path'
import type { Plugin, UserConfig } from 'vite'
import { metaContentSecurityPolicy } from './main/security/csp'

const CSP_META = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"\s*\/?>/

/**
 * index.html carries the strict CSP as a <meta> tag (defence in depth: app:// and the preview
 * also send it as a header). A build fails if the tag drifts from main/security/csp.ts; the
 * dev server swaps in a relaxed policy, since Vite's HMR client needs inline code and its
 * websocket. No build ever carries the dev policy.
 */
export function cspPlugin(): Plugin {
  let dev = false
  return {
    name: 'tilldesk-csp',
    configResolved(config) {
      dev = config.command === 'serve'
    },
    transformIndexHtml(html) {
      const match = CSP_META.exec(html)
      if (!match)
        throw new Error('renderer/index.html lost its Content-Security-Policy <meta> tag.')
      if (dev) {
        const policy = metaContentSecurityPolicy({
          dev: { origin: 'http://localhost:5173', websocket: 'ws://localhost:5173' },
        })
        return html.replace(
          CSP_META,
          `<meta http-equiv="Content-Security-Policy" content="${policy}" />`,
        )
      }
      if (match[1] !== metaContentSecurityPolicy()) {
        throw new Error(
          'The CSP in renderer/index.html differs from main/security/csp.ts; update the <meta> tag to match.',
        )
      }
      return html
    },
  }
}

export const rendererRoot = resolve(import.meta.dirname, 'renderer')
export const rendererOutDir = resolve(import.meta.dirname, 'out/renderer')

export function rendererConfig(): UserConfig {
  return {
    root: rendererRoot,
    base: './',
    plugins: [react(), cspPlugin()],
    build: {
      outDir: rendererOutDir,
      emptyOutDir: true,
      target: 'chrome140',
      // No inline polyfill script: the CSP allows only our own files.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      sourcemap: false,
      rollupOptions: { input: resolve(import.meta.dirname, 'renderer/index.html') },
    },
  }
}
