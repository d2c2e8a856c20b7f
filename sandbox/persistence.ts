// --data FILE: the sandbox's state survives restarts. Writes are debounced, serialised (one at
// a time) and atomic — temp file, fsync, rename, fsync the directory — so a crash leaves
// either the old file or the new one, never half of one. close() flushes.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync } from 'node:fs'
import { open, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import * as z from 'zod'

export const DATA_VERSION = 1

const DataFile = z.looseObject({ version: z.literal(DATA_VERSION) })

export class DataFileError extends Error {
  override readonly name = 'DataFileError'
}

/** Reads a data file; undefined when it does not exist yet. */
export function loadDataFile(file: string): Record<string, unknown> | undefined {
  if (!existsSync(file)) return undefined
  let json: unknown
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new DataFileError(
      `Sandbox data file ${file} is not readable JSON: ${(error as Error).message}`,
    )
  }
  const parsed = DataFile.safeParse(json)
  if (!parsed.success)
    throw new DataFileError(
      `Sandbox data file ${file} is not a version ${DATA_VERSION} sandbox state file; move it away to start fresh.`,
    )
  return parsed.data
}

let tempCounter = 0

/** Writes `text` to `file` atomically. */
export async function writeAtomic(file: string, text: string): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${process.pid}.${tempCounter++}.tmp`)
  const handle = await open(temp, 'w', 0o600)
  try {
    await handle.writeFile(text, 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(temp, file)
  } catch (error) {
    await unlink(temp).catch(() => {})
    throw error
  }
  // The rename itself is only durable once the directory entry is flushed.
  try {
    const dir = openSync(dirname(file), 'r')
    try {
      fsyncSync(dir)
    } finally {
      closeSync(dir)
    }
  } catch {
    // Some platforms (Windows) cannot open a directory; the rename is still atomic there.
  }
}

export class Persistence {
  private timer: NodeJS.Timeout | null = null
  private writing: Promise<void> | null = null
  private dirty = false
  private closed = false

  constructor(
    private readonly file: string,
    private readonly collect: () => unknown,
    private readonly debounceMs = 25,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Something changed: write soon. */
  changed(): void {
    this.dirty = true
    if (this.timer || this.closed) return
    this.timer = setTimeout(() => {
      this.timer = null
      void this.flush().catch(this.onError)
    }, this.debounceMs)
  }

  /** Writes now if anything changed, after any write in progress. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    while (this.writing) await this.writing
    if (!this.dirty) return
    this.dirty = false
    const text = `${JSON.stringify({ version: DATA_VERSION, ...(this.collect() as object) })}\n`
    this.writing = writeAtomic(this.file, text)
      .catch((error: unknown) => {
        this.dirty = true // keep the change for the next attempt
        throw error
      })
      .finally(() => {
        this.writing = null
      })
    await this.writing
  }

  async close(): Promise<void> {
    this.closed = true
    await this.flush()
  }
}
