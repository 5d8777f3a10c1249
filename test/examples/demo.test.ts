/**
 * `npm run demo` (node scripts/demo.ts): builds examples/incidents, serves it in workerd on the PORT it is
 * given, prints the endpoint and how to connect; each way it prints is tried here, then Ctrl-C stops it.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, textOf } from '../../src/testing.ts'
import { freePort } from '../helpers/free-port.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const NODE = `${ROOT}node_modules/.bin/node`

let child: ChildProcess
let output = ''
const out = mkdtempSync(join(tmpdir(), 'mcp-aot-demo-'))
let url: string
let port: number

beforeAll(async () => {
  port = await freePort()
  child = spawn(NODE, ['scripts/demo.ts'], { cwd: ROOT, env: { ...process.env, PORT: String(port), NO_COLOR: '1', MCP_AOT_DEMO_OUT: out }, stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the demo printed no URL within 90 s:\n${output}`)), 90_000)
    const check = () => {
      const match = /MCP endpoint: (http:\/\/\S+)/.exec(output)
      if (match && output.includes('Serving until Ctrl-C.')) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', check)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the demo exited with code ${code}:\n${output}`))
    })
  })
}, 120_000)

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited
  }
  rmSync(out, { recursive: true, force: true })
})

describe('npm run demo', () => {
  it('serves on 127.0.0.1 at the PORT given and lists what it serves', () => {
    expect(url).toBe(`http://127.0.0.1:${port}/mcp`)
    expect(output).toContain('Tools:      search_incidents, get_incident, open_incident, update_incident_status, time_to_resolve, find_runbook')
    expect(output).toContain('npx @modelcontextprotocol/inspector')
    expect(output).toContain(`Transport Type "Streamable HTTP", URL ${url}`)
  })

  it('answers a real MCP client (the code it prints)', async () => {
    const client = await connect(url)
    const result = await client.callTool('search_incidents', { service: 'billing-api' })
    expect(result.structuredContent?.total).toBe(2)
    expect(textOf(await client.callTool('get_incident', { id: 'INC-0000' }))).toBe('No incident INC-0000. Use search_incidents to find its id.')
    await client.close()
  })

  it('answers the curl request it prints, sent as printed', async () => {
    const curl = output.slice(output.indexOf('curl -s ')).split('\n\n')[0]!.replace(/\\\n\s*/g, '')
    const headers = Object.fromEntries([...curl.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1]!, m[2]!]))
    const body = /-d '([^']*)'/.exec(curl)![1]!
    expect(curl.startsWith(`curl -s ${url} `)).toBe(true)
    const response = await fetch(url, { method: 'POST', headers, body })
    expect(response.status).toBe(200)
    const reply = await response.json()
    expect(reply.result.structuredContent).toMatchObject({ id: 'INC-0002', severity: 'sev1', status: 'monitoring' })
  })

  it("answers the MCP Inspector's CORS preflight from its localhost origin", async () => {
    const response = await fetch(url, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:6274', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,mcp-protocol-version,mcp-method' },
    })
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:6274')
  })

  it('stops on Ctrl-C (SIGINT), workerd with it, exiting with 130 (128 + SIGINT) as shells expect', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    child.kill('SIGINT')
    expect(await exited).toBe(130)
    await expect(fetch(url, { method: 'POST' })).rejects.toThrow()
  })
})
