/**
 * What a tool receives for an argument object with a `"__proto__"` key (docs/server-and-security.md, "Keys
 * named __proto__"): JSON.parse makes it an own data property, the schema of a free-form object lets it
 * through, and the tool gets it as an own key, with Object.prototype as the object's prototype and no
 * global pollution; copying it with assignment (`Object.assign`, `target[key] = value`) is what would set a
 * prototype. Real tools, built by the plugin, called with the raw JSON text a client sends.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import type { McpServer } from '../../src/runtime/shared/api.ts'
import { bundleWorker, loadWorker } from './bundle.ts'
import { modernRequest, post, send } from './helpers.ts'

let server: McpServer
beforeAll(async () => {
  server = await loadWorker(await bundleWorker(fileURLToPath(new URL('./fixtures/proto-keys-worker.ts', import.meta.url))))
}, 60_000)

const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }

/** A tools/call whose `arguments` is written as raw JSON text, as a client sends it (2025-11-25, or 2026-07-28 with its headers and _meta). */
async function callRaw(name: string, argumentsJson: string, era: 'legacy' | 'modern' = 'legacy') {
  let request: Request
  if (era === 'legacy') {
    request = post(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argumentsJson}}}`, headers)
  } else {
    const template = modernRequest('tools/call', { name, arguments: {} })
    const text = (await template.text()).replace('"arguments":{}', `"arguments":${argumentsJson}`)
    request = new Request(template.url, { method: 'POST', headers: template.headers, body: text })
  }
  const reply = await send(server, request)
  return reply.body.result
}

const HOSTILE = '{"data":{"__proto__":{"polluted":true},"a":1}}'

describe('an argument object with a "__proto__" key', () => {
  for (const [tool, era] of [['take_record', 'legacy'], ['take_object', 'legacy'], ['take_record', 'modern']] as const) {
    it(`${tool} (${era}): the tool gets it as an own key; the prototype stays Object.prototype; assignment copies would change it`, async () => {
      const result = await callRaw(tool, HOSTILE, era)
      expect(result.isError).toBeUndefined()
      expect(result.structuredContent).toEqual({
        ownKeys: ['__proto__', 'a'],
        ownProto: true,
        prototypeIsObject: true,
        inheritsPolluted: false,
        spreadOwnProto: true, // `{ ...data }` keeps it an own key
        assignedPrototypeChanged: true, // `Object.assign({}, data)` sets the copy's prototype to the client's object
        assignedInheritsPolluted: true,
        loopPrototypeChanged: true, // so does `target[key] = data[key]`
        objectPrototypePolluted: false,
      })
      expect('polluted' in {}).toBe(false) // nor in the test's own realm
    })
  }

  it('a record of revived values keeps the key as an own one too', async () => {
    const result = await callRaw('take_dates', '{"when":{"__proto__":"2026-01-01T00:00:00Z","b":"2026-01-02T00:00:00Z"}}')
    expect(result.structuredContent).toEqual({ keys: ['__proto__', 'b'], ownProto: true, revived: true, prototypeIsObject: true })
  })

  it('named parameters: a top-level "__proto__" argument is an unknown argument, and the tool does not run', async () => {
    const result = await callRaw('take_named', '{"__proto__":{"label":"x"}}')
    expect(result).toEqual({ content: [{ type: 'text', text: "Unknown argument '__proto__'." }], isError: true })
  })
})
