// How much JavaScript the till's first screen loads: the renderer's entry script and every
// chunk index.html preloads with it, gzipped as it would travel (and as a rough measure of
// parse work). Everything else (each screen, and chart.js with the day's charts) loads only
// when it is shown. Builds the renderer into a temporary folder, so out/ is left alone.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, mergeConfig } from 'vite'
import { rendererConfig } from '../vite.renderer.config'
import { emit, round } from './emit'

const BENCH = 'renderer-initial-js'
/** The first screen's budget, gzipped: 174.4 kB before the charts came, 175.7 kB with them. */
const BUDGET_KB = 185

/** The files index.html loads at start: its module script and its modulepreload links. */
export function initialFiles(html: string): string[] {
  const files = new Set<string>()
  for (const match of html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)) files.add(match[1]!)
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g))
    files.add(match[1]!)
  return [...files]
}

export async function run(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'tilldesk-renderer-'))
  try {
    await build(
      mergeConfig(rendererConfig(), {
        configFile: false,
        logLevel: 'error',
        build: { outDir, emptyOutDir: true },
      }),
    )
    const files = initialFiles(readFileSync(join(outDir, 'index.html'), 'utf8'))
    let raw = 0
    let gzip = 0
    let charts = 0
    for (const file of files) {
      const bytes = readFileSync(join(outDir, file))
      raw += bytes.length
      gzip += gzipSync(bytes, { level: 9 }).length
      // chart.js's controller ids survive minification; none of our own start-up code has one.
      if (/[`"']doughnut[`"']/.test(bytes.toString('utf8'))) charts += 1
    }
    emit({
      bench: BENCH,
      metric: 'initial_js_gzip_kb',
      value: round(gzip / 1024, 1),
      unit: 'kB',
      goal: `<= ${BUDGET_KB}`,
    })
    emit({
      bench: BENCH,
      metric: 'initial_js_kb',
      value: round(raw / 1024, 1),
      unit: 'kB',
      goal: null,
    })
    emit({ bench: BENCH, metric: 'initial_files', value: files.length, unit: 'files', goal: null })
    emit({ bench: BENCH, metric: 'chart_js_in_initial', value: charts, unit: 'files', goal: '= 0' })
  } finally {
    rmSync(outDir, { recursive: true, force: true })
  }
}
