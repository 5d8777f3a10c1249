import { describe, expect, it, vi } from 'vitest'
import { createServer } from '../../src/runtime/server.ts'
import type { ToolContext } from '../../src/runtime/shared/api.ts'
import { legacyRequest, modernRequest, module, prompt, resource, send, tool } from './helpers.ts'

const info = { name: 'test', version: '1.0.0' }
const SECRET = { MCP_STATE_SECRET: 'a-secret-of-32-characters-or-so!' }
const ALL = { elicitation: {}, sampling: {}, roots: {} }

const greet = tool('greet', {
  invoke: async (args, ctx: ToolContext) => {
    const { user_name } = await ctx.input({
      user_name: { method: 'elicitation/create', params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } },
    })
    return `Hello, ${user_name.content?.name} (${args.greeting ?? 'hi'})!`
  },
})
const twoRounds = tool('two_rounds', {
  invoke: async (_args, ctx: ToolContext) => {
    const first = await ctx.elicit('Name?')
    const second = await ctx.elicit(`Color, ${first.content?.name}?`)
    return `${first.content?.name} likes ${second.content?.color}`
  },
})
const everything = tool('everything', {
  invoke: async (_args, ctx: ToolContext) => {
    const [answer, reply, roots] = await Promise.all([ctx.elicit('Name?'), ctx.sample({ messages: [], maxTokens: 5 }), ctx.roots()])
    return `${answer.action} ${reply.content.text} ${roots.length}`
  },
})
const needsSampling = tool('needs_sampling', { invoke: async (_a, ctx: ToolContext) => (await ctx.sample({ messages: [], maxTokens: 5 })).content.text })
const tools = module('src/mrtr.ts', [greet, twoRounds, everything, needsSampling])

const server = createServer(info, tools)
const callTool = (name: string, extra: object = {}, capabilities: Record<string, unknown> = ALL, args: object = {}) =>
  modernRequest('tools/call', { name, arguments: args, ...extra }, { capabilities })
const accept = (content: object) => ({ action: 'accept', content })

describe('input-required rounds (MRTR)', () => {
  it('asks with an input-required result and a sealed requestState, then completes with the answer', async () => {
    const first = await send(server, callTool('greet'), SECRET)
    expect(first.status).toBe(200)
    const result = first.body.result
    expect(result.resultType).toBe('input_required')
    expect(result.inputRequests).toEqual({
      user_name: { method: 'elicitation/create', params: { message: 'What is your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } } },
    })
    expect(result.requestState).toMatch(/^[A-Za-z0-9_-]{60,}$/)
    const second = await send(server, callTool('greet', { inputResponses: { user_name: accept({ name: 'Alice' }) }, requestState: result.requestState }), SECRET)
    expect(second.body.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Hello, Alice (hi)!' }] })
  })

  it('keeps answers of earlier rounds in the state, with a new state each round', async () => {
    const r1 = (await send(server, callTool('two_rounds'), SECRET)).body.result
    expect(Object.keys(r1.inputRequests)).toEqual(['elicit-1'])
    const r2 = (await send(server, callTool('two_rounds', { inputResponses: { 'elicit-1': accept({ name: 'Bo' }) }, requestState: r1.requestState }), SECRET)).body.result
    expect(r2.resultType).toBe('input_required')
    expect(Object.keys(r2.inputRequests)).toEqual(['elicit-2'])
    expect(r2.inputRequests['elicit-2'].params.message).toBe('Color, Bo?')
    expect(r2.requestState).not.toBe(r1.requestState)
    const r3 = (await send(server, callTool('two_rounds', { inputResponses: { 'elicit-2': accept({ color: 'blue' }) }, requestState: r2.requestState }), SECRET)).body.result
    expect(r3.content[0].text).toBe('Bo likes blue')
    // The answers travel encrypted: the state the client holds does not show them. (Quoted "Bo": two bare
    // letters turn up in random ciphertext about once in a hundred runs.)
    for (const state of [r1.requestState, r2.requestState]) {
      expect(state).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(Buffer.from(state, 'base64url').toString('latin1')).not.toMatch(/"Bo"|elicit|two_rounds|tools\/call/)
    }
  })

  it('asks questions made together in one round, with deterministic keys', async () => {
    const r1 = (await send(server, callTool('everything'), SECRET)).body.result
    expect(r1.inputRequests).toEqual({
      'elicit-1': { method: 'elicitation/create', params: { message: 'Name?' } },
      'sample-2': { method: 'sampling/createMessage', params: { messages: [], maxTokens: 5 } },
      'roots-3': { method: 'roots/list', params: {} },
    })
    const answers = {
      'elicit-1': { action: 'decline' },
      'sample-2': { role: 'assistant', content: { type: 'text', text: 'Paris' }, model: 'm' },
      'roots-3': { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] },
    }
    const r2 = (await send(server, callTool('everything', { inputResponses: answers, requestState: r1.requestState }), SECRET)).body.result
    expect(r2.content[0].text).toBe('decline Paris 2')
  })

  it('completes from inputResponses alone and ignores keys it did not ask', async () => {
    const reply = await send(server, callTool('greet', { inputResponses: { user_name: accept({ name: 'Al' }), extra: { action: 'accept' } } }), SECRET)
    expect(reply.body.result.content[0].text).toBe('Hello, Al (hi)!')
  })

  it('asks again when the answer it needs is missing', async () => {
    const reply = await send(server, callTool('greet', { inputResponses: { wrong_key: accept({}) } }), SECRET)
    expect(reply.body.result.resultType).toBe('input_required')
    expect(Object.keys(reply.body.result.inputRequests)).toEqual(['user_name'])
  })

  it('refuses malformed inputResponses with -32602', async () => {
    const notObject = await send(server, callTool('greet', { inputResponses: null }), SECRET)
    expect(notObject.body.error.code).toBe(-32602)
    const badAnswer = await send(server, callTool('greet', { inputResponses: { user_name: 12345 } }), SECRET)
    expect(badAnswer.body.error).toMatchObject({ code: -32602, data: { key: 'user_name' } })
    expect(badAnswer.body.error.message).toMatch(/'user_name' is not a valid elicitation\/create result/)
    const badSample = await send(server, callTool('needs_sampling', { inputResponses: { 'sample-1': { text: 'x' } } }), SECRET)
    expect(badSample.body.error.code).toBe(-32602)
  })

  it('refuses a tampered, foreign or expired requestState with a JSON-RPC error', async () => {
    const state = (await send(server, callTool('greet', {}, ALL, { greeting: 'yo' }), SECRET)).body.result.requestState as string
    const answers = { user_name: accept({ name: 'Eve' }) }
    const tampered = await send(server, callTool('greet', { inputResponses: answers, requestState: state + '-TAMPERED' }, ALL, { greeting: 'yo' }), SECRET)
    expect(tampered.body.error.code).toBe(-32602)
    // Any changed bit of the sealed state (IV, ciphertext or tag) is refused.
    const sealed = Buffer.from(state, 'base64url')
    for (const at of [0, 20, sealed.length - 1]) {
      const flipped = Buffer.from(sealed)
      flipped[at]! ^= 1
      const reply = await send(server, callTool('greet', { requestState: flipped.toString('base64url'), inputResponses: answers }, ALL, { greeting: 'yo' }), SECRET)
      expect(reply.body.error.message, `byte ${at}`).toMatch(/not issued by this server or it was modified/)
    }
    const otherArgs = await send(server, callTool('greet', { inputResponses: answers, requestState: state }, ALL, { greeting: 'changed' }), SECRET)
    expect(otherArgs.body.error.message).toMatch(/belongs to a different request/)
    const otherTool = await send(server, callTool('two_rounds', { requestState: state }), SECRET)
    expect(otherTool.body.error.code).toBe(-32602)
    const otherSecret = await send(server, callTool('greet', { inputResponses: answers, requestState: state }, ALL, { greeting: 'yo' }), { MCP_STATE_SECRET: 'another-secret-of-enough-length' })
    expect(otherSecret.body.error.code).toBe(-32602)

    const shortLived = createServer(info, tools, { stateTtlMs: 1 })
    const old = (await send(shortLived, callTool('greet'), SECRET)).body.result.requestState
    await new Promise((resolve) => setTimeout(resolve, 5))
    const expired = await send(shortLived, callTool('greet', { requestState: old, inputResponses: answers }), SECRET)
    expect(expired.body.error.message).toMatch(/expired/)
  })

  it('binds the state to the server: another server (name or path) with the same secret refuses it', async () => {
    const state = (await send(server, callTool('greet'), SECRET)).body.result.requestState
    const retry = { requestState: state, inputResponses: { user_name: accept({ name: 'A' }) } }
    expect((await send(server, callTool('greet', retry), SECRET)).body.result.resultType).toBe('complete')
    const otherName = createServer({ name: 'other', version: '1.0.0' }, tools)
    const byName = await send(otherName, callTool('greet', retry), SECRET)
    expect(byName.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/not issued by this server/) })
    const otherPath = createServer(info, tools, { path: '/other' })
    const request = callTool('greet', retry)
    const atOther = new Request('http://127.0.0.1:8787/other', { method: 'POST', headers: request.headers, body: await request.text() })
    const byPath = await send(otherPath, atOther, SECRET)
    expect(byPath.body.error).toMatchObject({ code: -32602, message: expect.stringMatching(/not issued by this server/) })
  })

  it('keeps signed answers: inputResponses cannot replace an answer of an earlier round', async () => {
    const r1 = (await send(server, callTool('two_rounds'), SECRET)).body.result
    const r2 = (await send(server, callTool('two_rounds', { inputResponses: { 'elicit-1': accept({ name: 'Bo' }) }, requestState: r1.requestState }), SECRET)).body.result
    const replaced = { 'elicit-1': accept({ name: 'Mallory' }), 'elicit-2': accept({ color: 'blue' }) }
    const r3 = (await send(server, callTool('two_rounds', { inputResponses: replaced, requestState: r2.requestState }), SECRET)).body.result
    expect(r3.content[0].text).toBe('Bo likes blue')
    // The answers travel encrypted: the state the client holds does not show them.
    for (const state of [r1.requestState, r2.requestState]) {
      expect(state).toMatch(/^[A-Za-z0-9_-]+$/)
      expect(Buffer.from(state, 'base64url').toString('latin1')).not.toMatch(/"Bo"|elicit|two_rounds|tools\/call/)
    }
  })

  it('binds the state to the caller when the server authenticates', async () => {
    const authed = createServer(info, tools, { authorize: (request) => ({ token: request.headers.get('authorization') ?? '' }) })
    const asAlice = (extra: object) => {
      const request = callTool('greet', extra)
      request.headers.set('authorization', 'Bearer alice')
      return request
    }
    const state = (await send(authed, asAlice({}), SECRET)).body.result.requestState
    const ok = await send(authed, asAlice({ requestState: state, inputResponses: { user_name: accept({ name: 'A' }) } }), SECRET)
    expect(ok.body.result.resultType).toBe('complete')
    const asBob = callTool('greet', { requestState: state, inputResponses: { user_name: accept({ name: 'B' }) } })
    asBob.headers.set('authorization', 'Bearer bob')
    expect((await send(authed, asBob, SECRET)).body.error.message).toMatch(/another caller/)
  })

  it('fails closed without a secret (or with a short one), saying to set MCP_STATE_SECRET', async () => {
    const onError = vi.fn()
    const closed = createServer(info, tools, { onError })
    for (const env of [undefined, { MCP_STATE_SECRET: 'short' }]) {
      const reply = await send(closed, callTool('greet'), env)
      expect(reply.body.result.isError).toBe(true)
      expect(reply.body.result.content[0].text).toMatch(/set MCP_STATE_SECRET/)
      expect(reply.body.result).not.toHaveProperty('requestState')
    }
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { kind: 'tool', name: 'greet' })
    const withOption = createServer(info, tools, { stateSecret: 'configured-in-the-options-object' })
    expect((await send(withOption, callTool('greet'))).body.result.resultType).toBe('input_required')
  })

  it('answers a request that needs an undeclared capability with 400 -32021', async () => {
    const reply = await send(server, callTool('needs_sampling', {}, {}), SECRET)
    expect(reply.status).toBe(400)
    expect(reply.body.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } })
    const several = await send(server, callTool('everything', {}, { sampling: {} }), SECRET)
    expect(several.body.error.data.requiredCapabilities).toEqual({ elicitation: {}, roots: {} })
    const urlMode = tool('url_mode', { invoke: async (_a, ctx: ToolContext) => ctx.input({ login: { method: 'elicitation/create', params: { mode: 'url', message: 'Log in', url: 'https://x' } } }) })
    const s = createServer(info, module('src/u.ts', [urlMode]))
    const formOnly = await send(s, modernRequest('tools/call', { name: 'url_mode', arguments: {} }, { capabilities: { elicitation: {} } }), SECRET)
    expect(formOnly.body.error.data.requiredCapabilities).toEqual({ elicitation: { url: {} } })
  })

  it('lets a tool see the declared capabilities and ask only for those', async () => {
    const adaptive = tool('adaptive', {
      invoke: async (_a, ctx: ToolContext) => {
        if (!ctx.clientCapabilities.elicitation) return 'no elicitation'
        return (await ctx.elicit('?')).action
      },
    })
    const s = createServer(info, module('src/a.ts', [adaptive]))
    expect((await send(s, modernRequest('tools/call', { name: 'adaptive', arguments: {} }, { capabilities: { sampling: {} } }), SECRET)).body.result.content[0].text).toBe('no elicitation')
  })

  it('aborts the signal of a run that ends to wait for input', async () => {
    let signal: AbortSignal | undefined
    const waits = tool('waits', { invoke: async (_a, ctx: ToolContext, s) => ((signal = s), await ctx.elicit('?'), 'done') })
    const s = createServer(info, module('src/w.ts', [waits]))
    await send(s, modernRequest('tools/call', { name: 'waits', arguments: {} }, { capabilities: ALL }), SECRET)
    expect(signal?.aborted).toBe(true)
  })

  it('works for prompts/get and resources/read', async () => {
    const ask = async (ctx: ToolContext) => (await ctx.elicit('Topic?')).content?.topic
    const s = createServer(info, module('src/x.ts', [prompt('asks', async (_a, ctx) => `Write about ${await ask(ctx)}`), resource('docs://asks', async (_v, ctx) => `About ${await ask(ctx)}`)]))
    const p1 = (await send(s, modernRequest('prompts/get', { name: 'asks' }, { capabilities: ALL }), SECRET)).body.result
    expect(p1.resultType).toBe('input_required')
    const p2 = (await send(s, modernRequest('prompts/get', { name: 'asks', inputResponses: { 'elicit-1': accept({ topic: 'owls' }) }, requestState: p1.requestState }, { capabilities: ALL }), SECRET)).body.result
    expect(p2.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Write about owls' } }])
    const r1 = (await send(s, modernRequest('resources/read', { uri: 'docs://asks' }, { capabilities: ALL }), SECRET)).body.result
    expect(r1.resultType).toBe('input_required')
    const r2 = (await send(s, modernRequest('resources/read', { uri: 'docs://asks', inputResponses: { 'elicit-1': accept({ topic: 'bats' }) }, requestState: r1.requestState }, { capabilities: ALL }), SECRET)).body.result
    expect(r2.contents[0].text).toBe('About bats')
    const closed = await send(s, modernRequest('prompts/get', { name: 'asks' }, { capabilities: ALL }))
    expect(closed.body.error).toMatchObject({ code: -32603 })
    expect(closed.body.error.message).toMatch(/MCP_STATE_SECRET/)
  })

  it('never sends input-required results on list requests', async () => {
    const reply = await send(server, modernRequest('tools/list', {}, { capabilities: ALL }), SECRET)
    expect(reply.body.result.resultType).toBe('complete')
  })

  it('explains in the legacy era that input needs 2026-07-28', async () => {
    const reply = await send(server, legacyRequest('tools/call', { name: 'greet', arguments: {} }), SECRET)
    expect(reply.body.result.isError).toBe(true)
    expect(reply.body.result.content[0].text).toBe(
      'This needs input from the client (elicitation/create), which this server asks for only over MCP 2026-07-28 (stateless input-required rounds); this client speaks 2025-11-25.',
    )
  })
})
