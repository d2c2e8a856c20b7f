// `npm run icons`: every icon file the app ships, rendered from the one source drawing
// (build/icon.svg). resvg (@resvg/resvg-js) rasterizes the SVG: it ships its prebuilt renderer
// inside per-platform npm packages, so nothing is downloaded at run time. png2icons packs the
// .ico and .icns files in plain JavaScript, without ImageMagick or macOS's iconutil, so the
// same command works on every OS. The outputs are committed; test/unit/distribution/icons.test.ts
// checks their sizes from the files' own headers.
import { Resvg } from '@resvg/resvg-js'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import png2icons from 'png2icons'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = join(root, 'build/icon.svg')
/** The hicolor sizes Linux desktops look for (electron-builder reads `build/icons/<n>x<n>.png`). */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const

function render(svg: Buffer, size: number): Buffer {
  return Buffer.from(new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng())
}

function write(path: string, data: Buffer | null): void {
  if (!data) throw new Error(`png2icons could not encode ${relative(root, path)}`)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, data)
  process.stdout.write(`icons: ${relative(root, path)} (${data.length} bytes)\n`)
}

const svg = readFileSync(SOURCE)
const master = render(svg, 1024)
write(join(root, 'build/icon.png'), master)
for (const size of LINUX_SIZES) {
  write(join(root, `build/icons/${size}x${size}.png`), size === 1024 ? master : render(svg, size))
}
// Windows: bitmaps below 64 px (crisp in Explorer on every version), PNG above, 16 to 256.
write(join(root, 'build/icon.ico'), png2icons.createICO(master, png2icons.BICUBIC, 0, false, true))
// macOS: 16 to 512@2x.
write(join(root, 'build/icon.icns'), png2icons.createICNS(master, png2icons.BICUBIC, 0))
// The renderer's favicon (the preview's browser tab; Electron ignores it): small PNG entries.
write(
  join(root, 'renderer/public/favicon.ico'),
  png2icons.createICO(render(svg, 256), png2icons.BICUBIC, 0, true, false),
)
