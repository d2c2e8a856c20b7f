// Maps an app:// request to a file of the renderer build, refusing anything outside it.
import { extname, join, normalize, sep } from 'node:path'
import { APP_HOST } from './origin'

export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
}

/** Absolute file for `requestUrl` under `root`, or null (wrong host, traversal, bad encoding). */
export function resolveAppFile(root: string, requestUrl: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (path.includes('\0')) return null
  if (path === '/' || path === '') path = '/index.html'
  const file = normalize(join(root, path))
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null
}

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'
