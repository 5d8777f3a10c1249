import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs'
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

  it('compiles again when a type file it read changes', () => {
    const cache = new CompileCache()
    cache.set('/m.ts', 'source', result)
    const later = new Date(Date.now() + 5000)
    utimesSync(types, later, later)
    expect(cache.get('/m.ts', 'source')).toBeUndefined()
  })
})
