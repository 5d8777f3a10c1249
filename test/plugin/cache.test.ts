import { mkdtempSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CompileCache } from '../../src/compiler/cache.ts'
import type { CompiledModule } from '../../src/compiler/compile.ts'

describe('CompileCache', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-cache-'))
  const types = join(dir, 'types.ts')
  writeFileSync(types, 'export interface A { a: string }\n')
  const result = { code: 'compiled', read: [types] } as unknown as CompiledModule

  it('reuses a compile while the text and the type files it read are unchanged', () => {
    const cache = new CompileCache()
    expect(cache.get('/m.ts', 'source')).toBeUndefined()
    cache.set('/m.ts', 'source', result)
    expect(cache.get('/m.ts', 'source')).toEqual({ result })
    cache.set('/plain.ts', 'no tools', null)
    expect(cache.get('/plain.ts', 'no tools')).toEqual({ result: null })
  })

  it('compiles again when the module text changes', () => {
    const cache = new CompileCache()
    cache.set('/m.ts', 'source', result)
    expect(cache.get('/m.ts', 'source changed')).toBeUndefined()
  })

  it('keeps nothing when a type file was saved while the module compiled (read at another time than it has now)', () => {
    const cache = new CompileCache()
    const now = statSync(types).mtimeMs
    cache.set('/m.ts', 'source', result, [], () => now - 1000)
    expect(cache.get('/m.ts', 'source')).toBeUndefined()
    cache.set('/m.ts', 'source', result, [], () => now)
    expect(cache.get('/m.ts', 'source')).toEqual({ result })
  })

  it('compiles again when an import it resolved now leads to another file', () => {
    const cache = new CompileCache()
    const from = join(dir, 'm.ts')
    cache.set('/m.ts', 'source', result, [{ specifier: './shape', from, found: undefined }])
    expect(cache.get('/m.ts', 'source')).toEqual({ result })
    writeFileSync(join(dir, 'shape.ts'), 'export type S = string\n')
    cache.newBuild() // where specifiers lead is looked up once a build
    expect(cache.get('/m.ts', 'source')).toBeUndefined()
  })

  it('compiles again when a type file it read changes', () => {
    const cache = new CompileCache()
    cache.set('/m.ts', 'source', result)
    const later = new Date(Date.now() + 5000)
    utimesSync(types, later, later)
    expect(cache.get('/m.ts', 'source')).toBeUndefined()
  })
})
