/**
 * Issue 19 §3 end to end: tools whose input schema is written by hand (`@inputSchema`, a .json file or a
 * const), built by the esbuild plugin as a Worker, listed verbatim and validated by the standalone
 * validator compiled at build time: if/then/else, allOf/anyOf, $ref through an $anchor, format, pattern,
 * const, multipleOf, not, dependentRequired. The expected lines are written from the schemas' meaning.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from '../runtime/bundle.ts'
import { legacyRequest, send } from '../runtime/helpers.ts'

let server: McpServer<any>
let bundle: string
beforeAll(async () => {
  bundle = await bundleWorker(fileURLToPath(new URL('./fixtures/hand-written-worker.ts', import.meta.url)))
  server = await loadWorker(bundle)
})

async function call(name: string, args: unknown): Promise<any> {
  const reply = await send(server, legacyRequest('tools/call', { name, arguments: args }))
  expect(reply.status).toBe(200)
  return reply.body.result
}
const text = (t: string) => ({ content: [{ type: 'text', text: t }] })
const refused = (...lines: string[]) => ({ content: [{ type: 'text', text: lines.join('\n') }], isError: true })

describe('a hand-written input schema', () => {
  it('bundles the lines of the keywords only hand-written schemas have (a server without such schemas does not: test/runtime/pay-for-use.test.ts)', () => {
    expect(bundle).toContain('has a form its schema rules out')
  })

  it('is listed as written: $schema, $defs, $anchor, allOf/anyOf, if/then/else and all', async () => {
    const listed = (await send(server, legacyRequest('tools/list', {}))).body.result.tools
    const file = JSON.parse(readFileSync(new URL('./fixtures/schemas/contact.schema.json', import.meta.url), 'utf8'))
    expect(listed.find((t: any) => t.name === 'save_contact').inputSchema).toEqual(file)
    expect(listed.find((t: any) => t.name === 'count_range').inputSchema).toEqual({
      type: 'object',
      properties: { from: { type: 'integer' }, to: { type: 'integer' }, step: { type: 'integer', multipleOf: 5 } },
      required: ['from', 'to'],
      dependentRequired: { step: ['to'] },
      not: { properties: { from: { const: 13 } }, required: ['from'] },
      additionalProperties: false,
    })
  })
  it('if/then/else: the branch the value takes says what is missing', async () => {
    expect(await call('save_contact', { name: 'Ann', contactMethod: 'phone', phone: '+49 1234567' })).toEqual(text('Ann phone +49 1234567 -'))
    expect(await call('save_contact', { name: 'Ann', email: 'ann@example.com', address: { city: 'Oslo' } })).toEqual(text('Ann - ann@example.com Oslo'))
    expect(await call('save_contact', { name: 'Ann', contactMethod: 'phone', email: 'ann@example.com' })).toEqual(refused("Argument 'phone' is required."))
    expect(await call('save_contact', { name: 'Ann', phone: '+49 1234567' })).toEqual(refused("Argument 'email' is required."))
  })
  it('allOf/anyOf of required names, a $ref through an $anchor, format, pattern, minLength, closed properties', async () => {
    expect(await call('save_contact', { name: 'Ann' })).toEqual(refused("Arguments must be an object {phone} or an object {email} (got an object).", "Argument 'email' is required."))
    expect(await call('save_contact', { name: '', email: 'x', address: {} })).toEqual(
      refused("Argument 'name' must have at least 1 character(s) (got 0).", "Argument 'address.city' is required.", "Argument 'email' must be a valid email, e.g. name@example.com (got \"x\")."),
    )
    expect((await call('save_contact', { name: 'Ann', email: 'ann@example.com', phone: 'call me' })).content[0].text).toMatch(/^Argument 'phone' must match/)
    expect((await call('save_contact', { name: 'Ann', email: 'ann@example.com', nickname: 'A' })).content[0].text).toMatch(/^Unknown argument 'nickname'/)
  })
  it('a const schema: not, multipleOf, dependentRequired; a destructured parameter takes the properties', async () => {
    expect(await call('count_range', { from: 1, to: 3 })).toEqual(text('1..3 by 1'))
    expect(await call('count_range', { from: 0, to: 20, step: 5 })).toEqual(text('0..20 by 5'))
    expect(await call('count_range', { from: 13, to: 3, step: 7 })).toEqual(refused('Arguments has a form its schema rules out (not).', "Argument 'step' must be a multiple of 5 (got 7)."))
  })
  it('one parameter typed JsonObject takes the whole arguments object, validated by the schema', async () => {
    expect(await call('echo_range', { from: 1, to: 2 })).toEqual(text('{"from":1,"to":2}'))
    expect(await call('echo_range', { step: 5 })).toEqual(refused("Argument 'from' is required.", "Argument 'to' is required.", "Argument 'to' is required when 'step' is given."))
    expect(await call('echo_range', { from: 1.5, to: 2 })).toEqual(refused("Argument 'from' must be an integer (got 1.5)."))
  })
  it('the Worker holds no schema library and no eval: the validator was compiled at build time', () => {
    expect(bundle).not.toMatch(/new Function|\beval\(|ajv\/dist/)
    expect(bundle).toContain('[0-9 ]{6,}') // the phone pattern, inside the compiled validator
  })
})
