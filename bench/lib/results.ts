/** A benchmark's report kept in bench/results/ (committed: the latest figures the docs quote). */
import { mkdirSync, writeFileSync } from 'node:fs'
import { ROOT } from './mcp-aot.ts'

/** Writes `text` to bench/results/`file`. */
export function saveResult(file: string, text: string): void {
  mkdirSync(`${ROOT}bench/results`, { recursive: true })
  writeFileSync(`${ROOT}bench/results/${file}`, text)
}
