/**
 * The last compile of each module, reused while its text, every type file it read and every resolution it
 * made are unchanged, so a rebuild after one edit (esbuild calls the transform of every module again)
 * compiles only what changed, and a type file's edit only the modules that read it.
 */
import { statSync } from 'node:fs'
import type { CompiledModule } from './compile.ts'
import { locateFile, type Resolution } from './source/project.ts'

interface Entry {
  code: string
  stamps: Map<string, string>
  resolutions: readonly Resolution[]
  result: CompiledModule | null
}

/** A file's modification time (-1 when it is gone). */
export const stamp = (path: string): number => {
  try {
    return statSync(path).mtimeMs
  } catch {
    return -1
  }
}

/** A file's modification time, change time and size ('' when it is gone): any write changes one of them. */
const signature = (path: string): string => {
  try {
    const s = statSync(path)
    return `${s.mtimeMs} ${s.ctimeMs} ${s.size}`
  } catch {
    return ''
  }
}

/** A resolution's key: the specifier, from the file that imports it. */
const resolutionKey = (r: Resolution) => `${r.from}\0${r.specifier}`

export class CompileCache {
  private entries = new Map<string, Entry>()
  /** Where each specifier leads now, found once a build (`newBuild` forgets): many modules import the same ones. */
  private located = new Map<string, string | undefined>()

  /** A new build, or a file changed (Vite's dev server has one build): resolutions are looked up afresh. */
  newBuild(): void {
    this.located.clear()
  }

  private locate(r: Resolution): string | undefined {
    const key = resolutionKey(r)
    if (!this.located.has(key)) this.located.set(key, locateFile(r.specifier, r.from))
    return this.located.get(key)
  }

  get(id: string, code: string): { result: CompiledModule | null } | undefined {
    const entry = this.entries.get(id)
    if (!entry || entry.code !== code) return undefined
    for (const [path, s] of entry.stamps) if (signature(path) !== s) return undefined
    // A specifier that now leads elsewhere (a new file, a tsconfig's `paths`, a package's `exports`).
    for (const r of entry.resolutions) if (this.locate(r) !== r.found) return undefined
    return { result: entry.result }
  }

  /**
   * `resolutions`: what the compile resolved (Project.resolutions), checked again by `get`; `readAt`: a file's
   * modification time when the compile read it, where known. A file saved while the module compiled (its time
   * now is another) leaves the module uncached: the rebuild that save starts compiles it again.
   */
  set(id: string, code: string, result: CompiledModule | null, resolutions: readonly Resolution[] = [], readAt: (path: string) => number | undefined = () => undefined): void {
    const stamps = new Map((result?.read ?? []).map((p) => [p, signature(p)] as const))
    for (const [path, s] of stamps) {
      const at = readAt(path)
      if (at !== undefined && s.split(' ')[0] !== String(at)) return this.delete(id)
    }
    const unique = [...new Map(resolutions.map((r) => [resolutionKey(r), r])).values()]
    // What the compile just found is what this build finds: a `get` of the module in this build looks nothing up again.
    for (const r of unique) if (!this.located.has(resolutionKey(r))) this.located.set(resolutionKey(r), r.found)
    this.entries.set(id, { code, stamps, resolutions: unique, result })
  }

  delete(id: string): void {
    this.entries.delete(id)
  }
}
