// HTML to PDF. The page size comes from the document's own `@page` rule (80 mm or A4), so
// every renderer prints the same paper. Two renderers: Electron's printToPDF in the desktop
// app (electronPdf.ts, loaded only there), and headless Chromium from the command line for the
// browser preview and the tests, which have no Electron. The Chromium one needs no library:
// the `--print-to-pdf` switch is Chromium's own.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PaperWidth } from './html'

export type PdfRenderer = (html: string, width: PaperWidth) => Promise<Uint8Array>

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']

/** The Chromium to print with: CHROMIUM_PATH, or a usual install location; null if none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.CHROMIUM_PATH
  if (configured && existsSync(configured)) return configured
  return CANDIDATES.find((path) => existsSync(path)) ?? null
}

export function chromiumPdf(executable: string, timeoutMs = 30_000): PdfRenderer {
  return async (html) => {
    const dir = await mkdtemp(join(tmpdir(), 'tilldesk-pdf-'))
    try {
      const page = join(dir, 'report.html')
      const out = join(dir, 'report.pdf')
      await writeFile(page, html, { mode: 0o600 })
      await new Promise<void>((resolve, reject) => {
        execFile(
          executable,
          [
            '--headless',
            '--disable-gpu',
            '--no-sandbox',
            '--no-first-run',
            '--disable-extensions',
            '--no-pdf-header-footer',
            `--user-data-dir=${join(dir, 'profile')}`,
            `--print-to-pdf=${out}`,
            pathToFileURL(page).href,
          ],
          { timeout: timeoutMs },
          (error) => (error ? reject(error) : resolve()),
        )
      })
      return new Uint8Array(await readFile(out))
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }
}
