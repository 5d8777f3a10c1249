import { describe, expect, it } from 'vitest'
import { compileTemplate } from '../../src/runtime/features/uri-template.ts'

const match = (template: string, uri: string) => compileTemplate(template)(uri)

describe('RFC 6570 template matching', () => {
  it('level 1: simple variables, percent-decoded, not across /', () => {
    expect(match('test://template/{id}/data', 'test://template/123/data')).toEqual({ id: '123' })
    expect(match('users/{name}', 'users/J%C3%BCrgen%20M')).toEqual({ name: 'Jürgen M' })
    expect(match('test://template/{id}/data', 'test://template/1/2/data')).toBeUndefined()
    expect(match('test://template/{id}/data', 'test://template/123/other')).toBeUndefined()
    expect(match('users/{name}', 'users/%E0%A4%A')).toBeUndefined()
  })

  it('escapes the literal parts', () => {
    expect(match('file://x.y/{a}', 'file://xzy/1')).toBeUndefined()
    expect(match('a+b://{a}', 'a+b://1')).toEqual({ a: '1' })
  })

  it('level 2: reserved {+var} spans slashes, fragment {#var}', () => {
    expect(match('file:///{+path}', 'file:///src/a%20b/c.ts')).toEqual({ path: 'src/a b/c.ts' })
    expect(match('docs://{+path}/raw', 'docs://a/b/raw')).toEqual({ path: 'a/b' })
    expect(match('page{#section}', 'page#intro')).toEqual({ section: 'intro' })
    expect(match('page{#section}', 'page')).toEqual({})
  })

  it('level 3: several variables, labels, path segments, parameters and queries', () => {
    expect(match('map/{x,y}', 'map/10,20')).toEqual({ x: '10', y: '20' })
    expect(match('map/{x,y}', 'map/10')).toEqual({ x: '10' })
    expect(match('file{.ext}', 'file.json')).toEqual({ ext: 'json' })
    expect(match('repo{/owner,name}', 'repo/acme/tool')).toEqual({ owner: 'acme', name: 'tool' })
    expect(match('item{;color,size}', 'item;color=red;size=')).toEqual({ color: 'red', size: '' })
    expect(match('search{?q,limit}', 'search?limit=5&q=a%26b&other=1')).toEqual({ q: 'a&b', limit: '5' })
    expect(match('search{?q}', 'search')).toEqual({})
    expect(match('search?q={q}{&page}', 'search?q=x&page=2')).toEqual({ q: 'x', page: '2' })
  })

  it('reads level 4 modifiers as plain variables', () => {
    expect(match('logs/{day:10}', 'logs/2026-01-02')).toEqual({ day: '2026-01-02' })
    expect(match('tags{/tag*}', 'tags/a')).toEqual({ tag: 'a' })
  })
})
