/**
 * The last compile of each module, reused while its text and every type file it read are unchanged, so a
 * rebuild after one edit (esbuild calls the transform of every module again) compiles only what changed.
 */
import { statSync } from 'node:fs'
import type { CompiledModule } from './compile.ts'

interface Entry {
  code: string
  stamps: Map<string, number>
  result: CompiledModule | null
}

export const stamp = (path: string): number => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return -1
  }
}

export class CompileCache {
  private entries = new Map<string, Entry>()

  get(id: string, code: string): { result: CompiledModule | null } | undefined {
    const entry = this.entries.get(id)
    if (!entry || entry.code !== code) return undefined
    for (const [path, mtime] of entry.stamps) if (stamp(path) !== mtime) return undefined
    return { result: entry.result }
  }

  set(id: string, code: string, result: CompiledModule | null): void {
    const stamps = new Map((result?.read ?? []).map((p) => [p, stamp(p)] as const))
    this.entries.set(id, { code, stamps, result })
  }

  delete(id: string): void {
    this.entries.delete(id)
  }
}
