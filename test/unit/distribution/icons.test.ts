// The committed icon files, read through their own headers: a PNG's IHDR, the ICO directory,
// the ICNS chunk list. Regenerate them with `npm run icons` after changing build/icon.svg.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function pngSize(data: Buffer): { width: number; height: number } {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') {
    throw new Error('not a PNG')
  }
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
}

/** ICONDIR + ICONDIRENTRY (a width byte of 0 means 256); each image's own header must agree. */
function icoSizes(data: Buffer): number[] {
  if (data.readUInt16LE(0) !== 0 || data.readUInt16LE(2) !== 1) throw new Error('not an ICO')
  const count = data.readUInt16LE(4)
  const sizes: number[] = []
  for (let index = 0; index < count; index += 1) {
    const entry = 6 + index * 16
    const width = data[entry] || 256
    const height = data[entry + 1] || 256
    const length = data.readUInt32LE(entry + 8)
    const offset = data.readUInt32LE(entry + 12)
    const image = data.subarray(offset, offset + length)
    expect(image.length).toBe(length)
    if (image.subarray(0, 8).equals(PNG_SIGNATURE)) {
      expect(pngSize(image)).toEqual({ width, height })
    } else {
      // BITMAPINFOHEADER: the height counts the XOR and AND masks, so it is doubled.
      expect(image.readUInt32LE(0)).toBe(40)
      expect(image.readInt32LE(4)).toBe(width)
      expect(image.readInt32LE(8)).toBe(height * 2)
    }
    expect(width).toBe(height)
    sizes.push(width)
  }
  return sizes
}

/** Apple's OSTypes for the PNG-bearing ICNS entries and the pixel size each holds. */
const ICNS_PNG_TYPES: Record<string, number> = {
  icp4: 16,
  icp5: 32,
  icp6: 64,
  ic07: 128,
  ic08: 256,
  ic09: 512,
  ic10: 1024,
  ic11: 32,
  ic12: 64,
  ic13: 256,
  ic14: 512,
}

function icnsSizes(data: Buffer): number[] {
  if (data.toString('latin1', 0, 4) !== 'icns') throw new Error('not an ICNS')
  expect(data.readUInt32BE(4)).toBe(data.length)
  const sizes = new Set<number>()
  for (let offset = 8; offset < data.length;) {
    const type = data.toString('latin1', offset, offset + 4)
    const length = data.readUInt32BE(offset + 4)
    expect(length).toBeGreaterThan(8)
    const body = data.subarray(offset + 8, offset + length)
    const size = ICNS_PNG_TYPES[type]
    if (size !== undefined && body.subarray(0, 8).equals(PNG_SIGNATURE)) {
      expect(pngSize(body)).toEqual({ width: size, height: size })
      sizes.add(size)
    }
    offset += length
  }
  return [...sizes].sort((a, b) => a - b)
}

describe('app icons', () => {
  it('build/icon.png is the 1024 px master and build/icons/ has every Linux size', () => {
    expect(pngSize(readFileSync('build/icon.png'))).toEqual({ width: 1024, height: 1024 })
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      expect(pngSize(readFileSync(`build/icons/${size}x${size}.png`))).toEqual({
        width: size,
        height: size,
      })
    }
  })

  it('build/icon.ico holds 16 to 256', () => {
    const sizes = icoSizes(readFileSync('build/icon.ico'))
    expect(sizes).toEqual(expect.arrayContaining([16, 24, 32, 48, 64, 128, 256]))
    expect(Math.min(...sizes)).toBe(16)
    expect(Math.max(...sizes)).toBe(256)
  })

  it('build/icon.icns holds 16 to 1024 (512@2x)', () => {
    const sizes = icnsSizes(readFileSync('build/icon.icns'))
    expect(sizes).toEqual(expect.arrayContaining([32, 64, 128, 256, 512, 1024]))
  })

  it('the renderer has a favicon', () => {
    expect(icoSizes(readFileSync('renderer/public/favicon.ico'))).toContain(32)
    expect(readFileSync('renderer/index.html', 'utf8')).toMatch(
      /<link rel="icon" href="\.\/favicon\.ico"/,
    )
  })

  it('the parsers reject what is not an icon, so the checks can fail', () => {
    const text = Buffer.from('not an image at all, just some text')
    expect(() => pngSize(text)).toThrow('not a PNG')
    expect(() => icoSizes(Buffer.from([1, 0, 1, 0, 0, 0]))).toThrow('not an ICO')
    expect(() => icnsSizes(text)).toThrow('not an ICNS')
  })
})
