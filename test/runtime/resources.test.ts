import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { ToolError } from '../../src/runtime/call/errors.ts'
import { ajvError, legacyRequest, modernRequest, module, resource, send, validator } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const png = new Uint8Array([137, 80, 78, 71])
const onError = vi.fn()
const server = createServer(
  info,
  module('src/resources.ts', [
    resource('test://static-text', () => 'This is the content of the static text resource.', { name: 'static_text', title: 'Static text', mimeType: 'text/plain', description: 'A text.' }),
    resource('test://static-binary', () => png, { name: 'static_binary', mimeType: 'image/png' }),
    resource('test://template/{id}/data', (vars) => JSON.stringify({ id: vars.id, templateTest: true }), {
      name: 'template_data',
      mimeType: 'application/json',
      validate: validator((vars) => (/^\d+$/.test(vars.id) ? undefined : [ajvError('/id', 'pattern', { pattern: '^\\d+$' })])),
    }),
    resource('test://many', () => [{ uri: 'test://many#1', text: 'one' }, { uri: 'test://many#2', blob: png, mimeType: 'image/png' }], { name: 'many' }),
    resource('test://contents', () => ({ contents: [{ text: 'wrapped' }] }), { name: 'contents', mimeType: 'text/markdown' }),
    resource('test://json', () => ({ when: new Date(0) }), { name: 'json' }),
    resource('incidents://{number}', (vars) => {
      if (vars.number === '404') throw new ToolError('No incident 404.')
      if (vars.number === '500') throw new Error('secret internals')
      return vars.number === '0' ? undefined : `Incident ${vars.number}`
    }, { name: 'incident', revive: { props: { number: 0 } } }),
  ]),
  { onError },
)

describe('resources', () => {
  it('lists static resources and templates in declaration order, with caching hints', async () => {
    const list = (await send(server, modernRequest('resources/list'))).body.result
    expect(list.resources[0]).toEqual({ uri: 'test://static-text', name: 'static_text', title: 'Static text', description: 'A text.', mimeType: 'text/plain' })
    expect(list.resources.map((r: any) => r.uri)).toEqual(['test://static-text', 'test://static-binary', 'test://many', 'test://contents', 'test://json'])
    expect(list).toMatchObject({ resultType: 'complete', ttlMs: 3600000, cacheScope: 'public' })
    const templates = (await send(server, modernRequest('resources/templates/list'))).body.result
    expect(templates.resourceTemplates).toEqual([
      { uriTemplate: 'test://template/{id}/data', name: 'template_data', mimeType: 'application/json' },
      { uriTemplate: 'incidents://{number}', name: 'incident' },
    ])
  })

  it('reads text with its mimeType and caching hints', async () => {
    const result = (await send(server, modernRequest('resources/read', { uri: 'test://static-text' }))).body.result
    expect(result.contents).toEqual([{ uri: 'test://static-text', mimeType: 'text/plain', text: 'This is the content of the static text resource.' }])
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' })
  })

  it('reads bytes as a base64 blob', async () => {
    const result = (await send(server, modernRequest('resources/read', { uri: 'test://static-binary' }))).body.result
    expect(result.contents).toEqual([{ uri: 'test://static-binary', mimeType: 'image/png', blob: 'iVBORw==' }])
  })

  it('reads a template with its variables, validating them', async () => {
    const result = (await send(server, modernRequest('resources/read', { uri: 'test://template/123/data' }))).body.result
    expect(result.contents).toEqual([{ uri: 'test://template/123/data', mimeType: 'application/json', text: '{"id":"123","templateTest":true}' }])
    const invalid = await send(server, modernRequest('resources/read', { uri: 'test://template/abc/data' }))
    expect(invalid.body.error).toEqual({ code: -32602, message: "Argument 'id' must match the pattern ^\\d+$.", data: { uri: 'test://template/abc/data', errors: ["Argument 'id' must match the pattern ^\\d+$."] } })
  })

  it('passes contents arrays and objects through, filling uri and mimeType', async () => {
    const many = (await send(server, modernRequest('resources/read', { uri: 'test://many' }))).body.result.contents
    expect(many).toEqual([{ uri: 'test://many#1', text: 'one' }, { uri: 'test://many#2', mimeType: 'image/png', blob: 'iVBORw==' }])
    const wrapped = (await send(server, modernRequest('resources/read', { uri: 'test://contents' }))).body.result.contents
    expect(wrapped).toEqual([{ uri: 'test://contents', mimeType: 'text/markdown', text: 'wrapped' }])
    const json = (await send(server, modernRequest('resources/read', { uri: 'test://json' }))).body.result.contents
    expect(json).toEqual([{ uri: 'test://json', mimeType: 'application/json', text: '{"when":"1970-01-01T00:00:00.000Z"}' }])
  })

  it('answers an unknown URI with -32602 and data.uri (2026) or -32002 (legacy), never empty contents', async () => {
    const modern = await send(server, modernRequest('resources/read', { uri: 'test://nonexistent' }, { id: 'r' }))
    expect(modern.status).toBe(200)
    expect(modern.body).toEqual({ jsonrpc: '2.0', id: 'r', error: { code: -32602, message: 'Resource not found: test://nonexistent', data: { uri: 'test://nonexistent' } } })
    const legacy = await send(server, legacyRequest('resources/read', { uri: 'test://nonexistent' }))
    expect(legacy.body.error).toMatchObject({ code: -32002, data: { uri: 'test://nonexistent' } })
  })

  it('treats undefined and a ToolError as not found, other exceptions as a hidden failure', async () => {
    expect((await send(server, modernRequest('resources/read', { uri: 'incidents://0' }))).body.error).toMatchObject({ code: -32602, data: { uri: 'incidents://0' } })
    expect((await send(server, modernRequest('resources/read', { uri: 'incidents://404' }))).body.error).toEqual({ code: -32602, message: 'No incident 404.', data: { uri: 'incidents://404' } })
    const failed = await send(server, modernRequest('resources/read', { uri: 'incidents://500' }))
    expect(failed.body.error).toEqual({ code: -32603, message: 'The resource failed.' })
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'secret internals' }), { kind: 'resource', name: 'incidents://500' })
    expect((await send(server, modernRequest('resources/read', { uri: 'incidents://7' }))).body.result.contents[0].text).toBe('Incident 7')
  })

  it('needs params.uri', async () => {
    expect((await send(server, modernRequest('resources/read', {}))).body.error.code).toBe(-32602)
  })
})
