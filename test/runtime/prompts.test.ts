import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import { ToolError } from '../../src/runtime/call/errors.ts'
import { image, resource as embedded, resourceLink } from '../../src/runtime/call/content.ts'
import { ajvError, legacyRequest, modernRequest, module, prompt, resource, send, validator } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const onError = vi.fn()
const argsValidator = validator((args) => {
  if (typeof args !== 'object' || args === null) return [ajvError('', 'type', { type: 'object' })]
  const errors = []
  if (!('arg1' in args)) errors.push(ajvError('', 'required', { missingProperty: 'arg1' }))
  if (!('arg2' in args)) errors.push(ajvError('', 'required', { missingProperty: 'arg2' }))
  return errors
})
const prompts = module('src/prompts.ts', [
  prompt('test_simple_prompt', () => 'This is a simple prompt for testing.', { title: 'Simple', description: 'A simple prompt.' }),
  prompt('test_prompt_with_arguments', (args) => `Prompt with arguments: arg1='${args.arg1}', arg2='${args.arg2}'`, {
    arguments: [
      { name: 'arg1', description: 'First test argument', required: true },
      { name: 'arg2', description: 'Second test argument', required: true },
    ],
    validate: argsValidator,
    completions: { arg1: ['paris', 'park', 'party', 'Pasadena', 'rome'] },
  }),
  prompt('test_prompt_with_embedded_resource', () => [embedded('test://example-resource', 'Embedded text', 'text/plain'), 'Please process the embedded resource above.']),
  prompt('test_prompt_with_image', () => ({ description: 'An image prompt.', messages: [{ role: 'user', content: image('iVBORw==', 'image/png') }, { role: 'assistant', content: { type: 'text', text: 'Nice.' } }] })),
  prompt('linked', () => resourceLink('docs://readme', 'readme')),
  prompt('refuses', () => {
    throw new ToolError('Nothing to review yet.')
  }),
  prompt('crashes', () => {
    throw new Error('internal details')
  }),
])
const server = createServer(info, prompts, module('src/r.ts', [resource('test://template/{id}/data', () => '')]), { onError })

describe('prompts', () => {
  it('lists prompts with their arguments', async () => {
    const result = (await send(server, modernRequest('prompts/list'))).body.result
    expect(result.prompts[0]).toEqual({ name: 'test_simple_prompt', title: 'Simple', description: 'A simple prompt.', arguments: [] })
    expect(result.prompts[1].arguments).toHaveLength(2)
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 3600000, cacheScope: 'public' })
  })

  it('makes a string one user text message', async () => {
    const result = (await send(server, modernRequest('prompts/get', { name: 'test_simple_prompt' }))).body.result
    expect(result).toEqual({
      description: 'A simple prompt.',
      messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
      resultType: 'complete',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'test', version: '1.0.0' } },
    })
  })

  it('passes arguments and validates them, argument lines as a -32602 error', async () => {
    const ok = (await send(server, modernRequest('prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'a', arg2: 'b' } }))).body.result
    expect(ok.messages[0].content.text).toBe("Prompt with arguments: arg1='a', arg2='b'")
    const missing = await send(server, modernRequest('prompts/get', { name: 'test_prompt_with_arguments', arguments: { arg1: 'a' } }))
    expect(missing.status).toBe(200)
    expect(missing.body.error).toEqual({ code: -32602, message: "Argument 'arg2' is required.", data: { errors: ["Argument 'arg2' is required."] } })
  })

  it('makes content parts and arrays messages, and passes a PromptResult through', async () => {
    const mixed = (await send(server, modernRequest('prompts/get', { name: 'test_prompt_with_embedded_resource' }))).body.result.messages
    expect(mixed).toEqual([
      { role: 'user', content: { type: 'resource', resource: { uri: 'test://example-resource', text: 'Embedded text', mimeType: 'text/plain' } } },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ])
    const withImage = (await send(server, modernRequest('prompts/get', { name: 'test_prompt_with_image' }))).body.result
    expect(withImage.description).toBe('An image prompt.')
    expect(withImage.messages[0]).toEqual({ role: 'user', content: { type: 'image', data: 'iVBORw==', mimeType: 'image/png' } })
    expect(withImage.messages[1].role).toBe('assistant')
  })

  it('turns a resource_link into text for revisions before 2025-06-18', async () => {
    const modern = (await send(server, legacyRequest('prompts/get', { name: 'linked' }, '2025-11-25'))).body.result.messages
    expect(modern[0].content.type).toBe('resource_link')
    const old = (await send(server, legacyRequest('prompts/get', { name: 'linked' }, '2025-03-26'))).body.result.messages
    expect(old[0].content).toEqual({ type: 'text', text: 'readme: docs://readme' })
  })

  it('answers an unknown prompt with -32602, a ToolError with -32602 and its message (the request is what is wrong), other failures hidden', async () => {
    expect((await send(server, modernRequest('prompts/get', { name: 'nope' }))).body.error).toMatchObject({ code: -32602, message: "Unknown prompt 'nope'." })
    expect((await send(server, modernRequest('prompts/get', { name: 'refuses' }))).body.error).toEqual({ code: -32602, message: 'Nothing to review yet.' })
    const crashed = await send(server, modernRequest('prompts/get', { name: 'crashes' }))
    expect(crashed.body.error).toEqual({ code: -32603, message: 'The prompt failed.' })
    expect(crashed.text).not.toContain('internal details')
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { kind: 'prompt', name: 'crashes' })
  })
})

describe('completion/complete', () => {
  const complete = (ref: object, name: string, value: string) => modernRequest('completion/complete', { ref, argument: { name, value } })

  it('completes prompt arguments from their values, by prefix, case-insensitively', async () => {
    const result = (await send(server, complete({ type: 'ref/prompt', name: 'test_prompt_with_arguments' }, 'arg1', 'PA'))).body.result
    expect(result.completion).toEqual({ values: ['paris', 'park', 'party', 'Pasadena'], total: 4, hasMore: false })
    expect(result.resultType).toBe('complete')
    const none = (await send(server, complete({ type: 'ref/prompt', name: 'test_prompt_with_arguments' }, 'arg2', 'x'))).body.result
    expect(none.completion).toEqual({ values: [], total: 0, hasMore: false })
  })

  it('completes template variables to nothing, and refuses unknown references', async () => {
    const template = (await send(server, complete({ type: 'ref/resource', uri: 'test://template/{id}/data' }, 'id', '1'))).body.result
    expect(template.completion.values).toEqual([])
    expect((await send(server, complete({ type: 'ref/prompt', name: 'nope' }, 'a', ''))).body.error.code).toBe(-32602)
    expect((await send(server, complete({ type: 'ref/resource', uri: 'nope://{x}' }, 'x', ''))).body.error.code).toBe(-32602)
    expect((await send(server, complete({ type: 'ref/other' }, 'x', ''))).body.error.code).toBe(-32602)
  })

  it('works in the legacy era without resultType', async () => {
    const reply = await send(server, legacyRequest('completion/complete', { ref: { type: 'ref/prompt', name: 'test_prompt_with_arguments' }, argument: { name: 'arg1', value: 'r' } }))
    expect(reply.body.result).toEqual({ completion: { values: ['rome'], total: 1, hasMore: false } })
  })
})
