// A durable append-only record file (JSON Lines). Each append is flushed to disk before the
// caller goes on, so a charge or a seen transfer survives a crash or power cut; a torn last
// line from a crash mid-write is ignored on load. Compaction rewrites the file atomically
// (temp file, fsync, rename) when superseded lines pile up.
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs'
import { dirname } from 'node:path'

export interface Journal<T> {
  /** Records in file order (later lines supersede earlier ones for the same key). */
  readonly records: readonly T[]
  append(record: T): void
  /** Replaces the file with exactly these records. */
  compact(records: readonly T[]): void
  close(): void
}

export interface JournalOptions<T> {
  /** Rejects lines that don't parse into a record (returns null). */
  decode(value: unknown): T | null
}

function readLines<T>(path: string, options: JournalOptions<T>): T[] {
  if (!existsSync(path)) return []
  const out: T[] = []
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      continue // torn write at the tail
    }
    const record = options.decode(value)
    if (record !== null) out.push(record)
  }
  return out
}

function writeAll(fd: number, text: string): void {
  const buffer = Buffer.from(text, 'utf8')
  let offset = 0
  while (offset < buffer.length) offset += writeSync(fd, buffer, offset, buffer.length - offset)
}

export function openJournal<T>(path: string, options: JournalOptions<T>): Journal<T> {
  mkdirSync(dirname(path), { recursive: true })
  const records = readLines(path, options)
  let fd = openSync(path, 'a', 0o600)
  return {
    records,
    append(record) {
      writeAll(fd, `${JSON.stringify(record)}\n`)
      fsyncSync(fd)
    },
    compact(next) {
      const temp = `${path}.tmp`
      const tfd = openSync(temp, 'w', 0o600)
      try {
        writeAll(tfd, next.map((r) => `${JSON.stringify(r)}\n`).join(''))
        fsyncSync(tfd)
      } finally {
        closeSync(tfd)
      }
      closeSync(fd)
      renameSync(temp, path)
      fd = openSync(path, 'a', 0o600)
    },
    close() {
      closeSync(fd)
    },
  }
}
