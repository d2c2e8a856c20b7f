// Where a process's resident memory is, read from /proc/self/smaps (Linux), for the soak
// bench: RSS alone can't say whether growth is the V8 heap, the allocator's arenas, large
// native blocks or code. Each mapping is put in one group:
// - `brk`: the main thread's malloc heap ([heap]);
// - `arena`: a glibc thread arena (anonymous, starts on a 64 MB boundary, the arena size);
// - `pages`: anonymous mappings of exactly 256 KB, V8's page size: the heap's pages in use
//   and the empty ones V8 keeps pooled for reuse (memoryUsage().heapTotal counts only the first);
// - `anon`: every other anonymous mapping (V8's large objects, big malloc blocks, stacks);
// - `file`: mapped files (node's binary, shared libraries), `other`: stacks, vdso and the rest.
// Off Linux every figure is 0.
import { readFileSync } from 'node:fs'

export interface MappingGroups {
  brk: number
  pages: number
  arena: number
  anon: number
  file: number
  other: number
  /** Anonymous memory only this process holds (Private_Dirty of anonymous mappings). */
  anonPrivateDirty: number
}

const ARENA_ALIGN = 64n * 1024n * 1024n
const V8_PAGE = 256n * 1024n

/** Resident bytes by group, from one read of /proc/self/smaps. */
export function mappingGroups(smaps = readSmaps()): MappingGroups {
  const groups: MappingGroups = {
    brk: 0,
    pages: 0,
    arena: 0,
    anon: 0,
    file: 0,
    other: 0,
    anonPrivateDirty: 0,
  }
  let group: keyof Omit<MappingGroups, 'anonPrivateDirty'> = 'other'
  let anonymous = false
  for (const line of smaps.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (head) {
      const start = BigInt(`0x${head[1]}`)
      const size = BigInt(`0x${head[2]}`) - start
      const name = head[3]!.trim()
      anonymous = name === ''
      if (name === '[heap]') group = 'brk'
      else if (name.startsWith('/')) group = 'file'
      else if (anonymous && start % ARENA_ALIGN === 0n) group = 'arena'
      else if (anonymous) group = size === V8_PAGE ? 'pages' : 'anon'
      else group = 'other'
      continue
    }
    const field = /^(Rss|Private_Dirty):\s+(\d+) kB$/.exec(line)
    if (!field) continue
    const bytes = Number(field[2]) * 1024
    if (field[1] === 'Rss') groups[group] += bytes
    else if (anonymous || group === 'brk') groups.anonPrivateDirty += bytes
  }
  return groups
}

function readSmaps(): string {
  try {
    return readFileSync('/proc/self/smaps', 'utf8')
  } catch {
    return ''
  }
}
