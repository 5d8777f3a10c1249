/** Order statistics for the figures: every figure is a median with its min–max over repetitions. */

export interface Summary {
  median: number
  min: number
  max: number
  n: number
}

export function summarize(values: readonly number[]): Summary {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: quantile(sorted, 0.5), min: sorted[0] ?? NaN, max: sorted[sorted.length - 1] ?? NaN, n: sorted.length }
}

/** Linear-interpolated quantile of an ascending array. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length
  if (n === 0) return NaN
  const pos = (n - 1) * q
  const lo = Math.floor(pos)
  const hi = Math.min(lo + 1, n - 1)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)
}

export function mean(values: readonly number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length
}
