// What a cashier can do to one file of the data folder with file operations alone: delete it,
// cut it short, put back the copy from earlier in the day, splice an older record of it into
// the current one, flip a byte, or add a plausible record by hand. Each returns false where it
// does not apply to that file (e.g. no older copy exists). Used by the tamper harness.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Mutation {
  name: string
  /** Changes `rel` in `dir`; `older` is the folder as it was at midday. */
  apply(dir: string, rel: string, older: string): boolean
}

const read = (path: string) => readFileSync(path, 'utf8')
const lines = (text: string) => text.split('\n').filter((line) => line !== '')
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A plausible hand-made variant of a record: another id, a higher role, bigger amounts. */
function forge(value: unknown, depth = 0): unknown {
  if (typeof value === 'number') return value > 1 ? value * 1000 : value + 1
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value)) return 'https://attacker.example.net/x'
    if (/^(cashier|supervisor)$/.test(value)) return 'admin'
    if (/^u_[a-z0-9]{8,32}$/.test(value)) return `${value.slice(0, -4)}beef`
    return value
  }
  if (typeof value === 'boolean') return depth > 0 ? !value : value
  if (Array.isArray(value)) return value.map((item) => forge(item, depth + 1))
  if (isObject(value)) {
    const out: Json = {}
    for (const [key, inner] of Object.entries(value)) {
      out[key] = key === 'seal' || key === 'mac' || key === 'hash' ? inner : forge(inner, depth + 1)
    }
    return out
  }
  return value
}

/** The first array (depth first) whose element differs from the older file's at that place. */
function spliceJson(current: unknown, older: unknown): boolean {
  if (Array.isArray(current) && Array.isArray(older)) {
    for (let i = 0; i < Math.min(current.length, older.length); i += 1) {
      if (!same(current[i], older[i])) {
        current[i] = structuredClone(older[i])
        return true
      }
    }
    return false
  }
  if (isObject(current) && isObject(older)) {
    for (const key of Object.keys(current)) {
      if (key in older && spliceJson(current[key], older[key])) return true
    }
  }
  return false
}

/** Copies the older value of every map entry keyed by `id` (e.g. a staff record's seal). */
function spliceKeyed(current: unknown, older: unknown, id: string): void {
  if (!isObject(current) || !isObject(older)) return
  for (const [key, inner] of Object.entries(current)) {
    if (key === id && key in older) current[key] = structuredClone(older[key])
    else spliceKeyed(inner, older[key], id)
  }
}

function idsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) idsIn(item, into)
  else if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      if ((key === 'id' || key === 'reference') && typeof inner === 'string') into.add(inner)
      else idsIn(inner, into)
    }
  }
  return into
}

export const MUTATIONS: readonly Mutation[] = [
  {
    name: 'deleted',
    apply(dir, rel) {
      rmSync(join(dir, rel))
      return true
    },
  },
  {
    name: 'cut short',
    apply(dir, rel) {
      const bytes = readFileSync(join(dir, rel))
      writeFileSync(join(dir, rel), bytes.subarray(0, Math.floor(bytes.length / 2)))
      return true
    },
  },
  {
    name: 'an older copy put back',
    apply(dir, rel, older) {
      const before = join(older, rel)
      if (!existsSync(before) || read(before) === read(join(dir, rel))) return false
      writeFileSync(join(dir, rel), readFileSync(before))
      return true
    },
  },
  {
    name: 'an older record spliced in',
    apply(dir, rel, older) {
      const before = join(older, rel)
      if (!existsSync(before)) return false
      const path = join(dir, rel)
      if (rel.endsWith('.jsonl')) {
        const now = lines(read(path))
        const then = lines(read(before))
        const at = now.findIndex((line, i) => i < then.length && line !== then[i])
        if (at >= 0) now[at] = then[at]!
        else if (then.length > 0) now.push(then.at(-1)!)
        else return false
        writeFileSync(path, `${now.join('\n')}\n`)
        return true
      }
      const current = parse(read(path))
      const previous = parse(read(before))
      if (current === undefined || previous === undefined) return false
      const copy = structuredClone(current)
      if (!spliceJson(copy, previous)) return false
      // The record's own seal, kept elsewhere in the file under its id, goes with it.
      for (const id of idsIn(previous)) spliceKeyed(copy, previous, id)
      if (same(copy, current)) return false
      writeFileSync(path, JSON.stringify(copy))
      return true
    },
  },
  {
    name: 'a byte flipped',
    apply(dir, rel) {
      const path = join(dir, rel)
      const bytes = readFileSync(path)
      if (bytes.length === 0) return false
      // A digit near the middle becomes another digit, so the file still reads as JSON and
      // only a value changed; failing that, any byte.
      const middle = Math.floor(bytes.length / 2)
      let at = -1
      for (let d = 0; d < bytes.length && at < 0; d += 1) {
        for (const i of [middle + d, middle - d]) {
          if (i >= 0 && i < bytes.length && bytes[i]! >= 0x30 && bytes[i]! <= 0x39) {
            at = i
            break
          }
        }
      }
      if (at < 0) at = middle
      bytes[at] = bytes[at]! >= 0x30 && bytes[at]! <= 0x38 ? bytes[at]! + 1 : bytes[at]! ^ 0x01
      writeFileSync(path, bytes)
      return true
    },
  },
  {
    name: 'a plausible record written by hand',
    apply(dir, rel) {
      const path = join(dir, rel)
      const text = read(path)
      if (rel.endsWith('.jsonl')) {
        const last = parse(lines(text).at(-1) ?? '')
        if (last === undefined) return false
        writeFileSync(path, `${text}${JSON.stringify(forge(last))}\n`)
        return true
      }
      const value = parse(text)
      if (value === undefined) {
        // A plain text file (till-id): another plausible value.
        writeFileSync(
          path,
          text.replace(/[0-9a-f]/, (c) => (c === 'f' ? 'e' : 'f')),
        )
        return true
      }
      const copy = structuredClone(value)
      // Add a record to the first list of records, or else edit the values in place.
      const push = (node: unknown): boolean => {
        if (Array.isArray(node) && node.length > 0 && isObject(node.at(-1))) {
          node.push(forge(node.at(-1)))
          return true
        }
        if (isObject(node)) return Object.values(node).some(push)
        return false
      }
      const changed = push(copy) ? copy : forge(copy)
      if (same(changed, value)) return false
      writeFileSync(path, JSON.stringify(changed))
      return true
    },
  },
]
