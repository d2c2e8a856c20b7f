// `npm run build:renderer`: the renderer alone, for the browser preview and e2e tests.
// The settings live in ../vite.renderer.config.ts, shared with electron.vite.config.ts.
import { defineConfig } from 'vite'
import { rendererConfig } from '../vite.renderer.config'

export default defineConfig(rendererConfig())
