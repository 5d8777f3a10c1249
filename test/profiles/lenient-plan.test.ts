/**
 * The lenient plan (src/compiler/schema/lenient.ts) of the nested fixture, written by hand: a null stands
 * for an absent optional property inside union branches (merged), array items and recursive types (defs).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { analyze } from '../../src/compiler/compile.ts'
import { lenientPlan } from '../../src/compiler/schema/lenient.ts'
import { Project } from '../../src/compiler/source/project.ts'
import { withoutNulls } from '../../src/runtime/call/lenient.ts'

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url))
const file = `${dir}nested.ts`
const out = analyze(new Project(dir), file, readFileSync(file, 'utf8'))
const plan = (name: string) => lenientPlan(out.declarations.find((d) => d.name === name)!.props)

describe('lenient plans reach every null a strict listing asks for', () => {
  it('union branches: the names some branch has optional, or lists as absent (an untagged union\'s other keys)', () => {
    expect(plan('draw_labelled')).toEqual({ props: { shape: { drop: ['label'] } } })
    expect(plan('open_page')).toEqual({ props: { target: { drop: ['title', 'path', 'line', 'url'] } } })
  })
  it('array items of a union', () => {
    expect(plan('write_doc')).toEqual({ props: { blocks: { items: { drop: ['bold', 'alt'] } } } })
  })
  it('a recursive type: one plan under defs, used by ref', () => {
    const p = plan('post_thread')!
    expect(p.props!.root).toEqual({ ref: 'Comment' })
    expect(p.defs).toEqual({ Comment: { drop: ['author', 'replies'], props: { replies: { items: { ref: 'Comment' } } } } })
    const sent = { root: { text: 'a', author: null, replies: [{ text: 'b', author: 'x', replies: null }] } }
    expect(withoutNulls(p, sent)).toEqual({ root: { text: 'a', replies: [{ text: 'b', author: 'x' }] } })
    expect(sent.root.author).toBeNull()
  })
})
