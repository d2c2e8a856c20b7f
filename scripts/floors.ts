// `npx tsx scripts/floors.ts [--check]`: draws main/ as a house from its imports and checks
// the whole tree for import circles. The layering lint (eslint.config.js) stops a wrong-way
// import as it is written; this script is the picture and the proof that the plan holds over
// every file, type-only imports included.
// - Floors: each main/ folder (a top-level file counts as its own room) sits one floor above
//   the highest folder it imports. Rooms in a circle share a floor and every import between
//   them runs back up; only the doors in eslint.config.js (floorEntryPoints) are left out.
//   Every room must be in the designed plan there (mainFloors), which the lint enforces.
// - Circles: strongly connected files over common/, main/, preload/, renderer/, preview/,
//   relay/, sandbox/, scripts/, bench/ and test/.
// Imports are read with TypeScript's own pre-processor, so the answer matches what tsc sees.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

const root = resolve(import.meta.dirname, '..')
const SOURCE_DIRS = [
  'common',
  'main',
  'preload',
  'renderer',
  'preview',
  'relay',
  'sandbox',
  'scripts',
  'bench',
  'test',
]

/** The designed plan and its doors live with the lint rule that enforces them. */
const { floorEntryPoints, mainFloors } = (await import(
  new URL('../eslint.config.js', import.meta.url).href
)) as { floorEntryPoints: string[]; mainFloors: string[][] }
const ENTRY_POINTS = new Set(floorEntryPoints.map((file) => `main/${file}`))
const PLANNED = new Set(mainFloors.flat().map((room) => `main/${room}`))

const posix = (p: string): string => p.split(sep).join('/')

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue
    const full = join(dir, name)
    if (statSync(full).isDirectory()) walk(full, out)
    else if (/\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts')) out.push(full)
  }
}

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  const base = resolve(dirname(from), spec)
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    base.replace(/\.js$/, '.ts'),
  ]
  for (const c of candidates) if (existsSync(c) && statSync(c).isFile()) return c
  return null
}

/** file (relative, posix) → the files it imports (relative, posix). */
export function readGraph(): Map<string, string[]> {
  const files: string[] = []
  for (const d of SOURCE_DIRS) walk(join(root, d), files)
  const graph = new Map<string, string[]>()
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    const targets = new Set<string>()
    for (const ref of info.importedFiles) {
      const hit = resolveImport(file, ref.fileName)
      if (hit) targets.add(posix(relative(root, hit)))
    }
    graph.set(posix(relative(root, file)), [...targets])
  }
  return graph
}

/** Tarjan's strongly connected components; returns those with more than one member. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indices = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (v: string): void => {
    indices.set(v, index)
    low.set(v, index)
    index++
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!))
    }
    if (low.get(v) === indices.get(v)) {
      const scc: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(scc.sort())
    }
  }
  for (const v of graph.keys()) if (!indices.has(v)) visit(v)
  return found
}

/** main/<folder>/x.ts → main/<folder>; main/x.ts → main/x.ts (a room of its own). */
const roomOf = (file: string): string => {
  const parts = file.split('/')
  return parts.length > 2 ? `${parts[0]}/${parts[1]}` : file
}

export interface FloorPlan {
  floors: Map<string, number>
  /** Imports between rooms that stand in a circle (no floor order exists between them). */
  upward: { from: string; to: string }[]
}

export function floorPlan(graph: Map<string, string[]>): FloorPlan {
  const rooms = new Map<string, string[]>()
  for (const [file, targets] of graph) {
    if (!file.startsWith('main/')) continue
    const from = roomOf(file)
    const below = new Set(rooms.get(from) ?? [])
    for (const target of targets) {
      if (!target.startsWith('main/') || ENTRY_POINTS.has(target)) continue
      if (roomOf(target) !== from) below.add(roomOf(target))
    }
    rooms.set(from, [...below])
  }
  // Rooms in a circle share a floor; every import between them runs back up one way or the
  // other, so all of them are reported. Otherwise a room stands one floor above the highest
  // room it imports.
  const together = new Map<string, string[]>()
  for (const c of circles(rooms)) for (const room of c) together.set(room, c)
  const floors = new Map<string, number>()
  const floorOf = (room: string): number => {
    const known = floors.get(room)
    if (known !== undefined) return known
    const group = together.get(room) ?? [room]
    for (const r of group) floors.set(r, 0)
    let floor = 0
    for (const r of group)
      for (const below of rooms.get(r) ?? [])
        if (!group.includes(below)) floor = Math.max(floor, floorOf(below) + 1)
    for (const r of group) floors.set(r, floor)
    return floor
  }
  for (const room of rooms.keys()) floorOf(room)
  const upward: { from: string; to: string }[] = []
  for (const [file, targets] of graph) {
    if (!file.startsWith('main/')) continue
    for (const target of targets) {
      if (!target.startsWith('main/') || ENTRY_POINTS.has(target)) continue
      const from = roomOf(file)
      const to = roomOf(target)
      if (from !== to && floors.get(to)! >= floors.get(from)!)
        upward.push({ from: file, to: target })
    }
  }
  return { floors, upward }
}

function main(): void {
  const check = process.argv.includes('--check')
  const graph = readGraph()
  const plan = floorPlan(graph)
  const byFloor = new Map<number, string[]>()
  for (const [room, floor] of plan.floors) byFloor.set(floor, [...(byFloor.get(floor) ?? []), room])
  const top = Math.max(...byFloor.keys())
  console.log(`main/ stands on ${top + 1} floors:`)
  for (let f = top; f >= 0; f--)
    console.log(`  ${String(f).padStart(2)}  ${(byFloor.get(f) ?? []).sort().join('  ')}`)
  console.log(`entry points: ${[...ENTRY_POINTS].join(', ') || 'none'}`)
  const unplanned = [...plan.floors.keys()].filter((room) => !PLANNED.has(room))
  console.log(`rooms missing from the plan in eslint.config.js: ${unplanned.length}`)
  for (const room of unplanned) console.log(`  ${room}`)
  console.log(`imports running back up: ${plan.upward.length}`)
  for (const { from, to } of plan.upward) console.log(`  ${from} -> ${to}`)
  const found = circles(graph)
  console.log(`import circles in the tree: ${found.length}`)
  for (const c of found) console.log(`  ${c.join(' <-> ')}`)
  if (check && (plan.upward.length > 0 || found.length > 0 || unplanned.length > 0))
    process.exitCode = 1
}

if (import.meta.url === `file://${process.argv[1]}`) main()
