// Crash-safe whole-file replacement: write a temp file, fsync it, rename over the target,
// fsync the directory. After a crash the target holds either the old or the new content.
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Makes renames and creations in `dir` durable. Windows can't open directories; it journals
 * metadata itself, so there is nothing to do there. */
export async function fsyncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset)
    offset += bytesWritten
  }
}

export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const temp = `${path}.tmp`
  const handle = await open(temp, 'w', 0o600)
  try {
    await writeFully(handle, Buffer.from(text, 'utf8'))
    await handle.sync()
  } catch (error) {
    await handle.close().catch(() => undefined)
    await rm(temp, { force: true })
    throw error
  }
  await handle.close()
  await rename(temp, path)
  await fsyncDir(dirname(path))
}

/** The same, synchronously: for stores whose `put` must be durable when it returns. */
export function writeFileAtomicSync(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`
  const data = Buffer.from(text, 'utf8')
  const fd = openSync(temp, 'w', 0o600)
  try {
    let offset = 0
    while (offset < data.length) offset += writeSync(fd, data, offset, data.length - offset)
    fsyncSync(fd)
  } catch (error) {
    closeSync(fd)
    rmSync(temp, { force: true })
    throw error
  }
  closeSync(fd)
  renameSync(temp, path)
  if (process.platform === 'win32') return
  const dir = openSync(dirname(path), 'r')
  try {
    fsyncSync(dir)
  } finally {
    closeSync(dir)
  }
}
