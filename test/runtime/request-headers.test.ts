import { describe, expect, it } from 'vitest'
import { paramHeaderProblem, paramHeaders } from '../../src/runtime/features/param-headers.ts'
import { decodeHeaderValue, headerValue } from '../../src/runtime/shared/request-headers.ts'
import { definitionOf, tool } from './helpers.ts'

describe('mirrored request headers', () => {
  it('decodes the =?base64?…?= sentinel as UTF-8 and leaves other values alone', () => {
    expect(decodeHeaderValue('=?base64?SGVsbG8sIOS4lueVjA==?=')).toBe('Hello, 世界')
    expect(decodeHeaderValue('=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?=')).toBe('=?base64?literal?=')
    expect(decodeHeaderValue('us-west1')).toBe('us-west1')
    expect(decodeHeaderValue('=?base64?!!?=')).toBeUndefined()
    expect(decodeHeaderValue('=?base64?/w==?=')).toBeUndefined()
  })

  it('reads a value without the whitespace around it (some runtimes keep it)', () => {
    const raw = { get: (name: string) => (name === 'mcp-name' ? '  test_tool \t' : null) } as unknown as Headers
    expect(headerValue(raw, 'mcp-name')).toBe('test_tool')
    expect(headerValue(raw, 'mcp-method')).toBeNull()
  })

  it('finds x-mcp-header declarations at any depth of properties', () => {
    const entry = tool('t', {
      invoke: () => '',
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, target: { type: 'object', properties: { id: { type: 'integer', 'x-mcp-header': 'Target-Id' } } } },
      },
    })
    const declared = paramHeaders(definitionOf(entry).inputSchema)
    expect(declared).toEqual([
      { path: ['region'], header: 'Mcp-Param-Region' },
      { path: ['target', 'id'], header: 'Mcp-Param-Target-Id' },
    ])
    const headers = new Headers({ 'mcp-param-region': 'eu', 'mcp-param-target-id': '7' })
    expect(paramHeaderProblem(headers, declared, { region: 'eu', target: { id: 7 } })).toBeUndefined()
    expect(paramHeaderProblem(headers, declared, { region: 'eu', target: { id: 8 } })).toMatch(/does not match the argument target.id/)
    expect(paramHeaderProblem(new Headers(), declared, { region: null })).toBeUndefined()
  })
})
