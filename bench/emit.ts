// The one output format of every bench: one JSON object per line on stdout,
// {"bench","metric","value","unit","goal"}; goal is a condition like "<= 1.05", or null.
export interface BenchLine {
  bench: string
  metric: string
  value: number
  unit: string
  goal: string | null
}

export function emit(line: BenchLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

/** The p-th percentile (0..100) of samples, nearest-rank. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export const round = (value: number, digits = 3): number => Number(value.toFixed(digits))
