/**
 * One MCP request over real HTTP, written out by hand (no client library): the 2026-07-28 stateless
 * revision, with the `_meta` and `Mcp-Method`/`Mcp-Name` headers it requires. Reads a JSON or an SSE reply.
 */
const VERSION = '2026-07-28'

export async function mcpRequest(url: string, method: string, params: Record<string, unknown>, name?: string): Promise<any> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': VERSION,
    'mcp-method': method,
  }
  if (name !== undefined) headers['mcp-name'] = name
  const body = {
    jsonrpc: '2.0',
    id: 1,
    method,
    params: { ...params, _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION, 'io.modelcontextprotocol/clientCapabilities': {} } },
  }
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method}: HTTP ${response.status}: ${text}`)
  const json = (response.headers.get('content-type') ?? '').includes('text/event-stream')
    ? text.split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5))).find((m) => m.id === 1)
    : JSON.parse(text)
  if (json.error) throw new Error(`${method}: ${JSON.stringify(json.error)}`)
  return json.result
}

export const callTool = (url: string, name: string, args: Record<string, unknown>) => mcpRequest(url, 'tools/call', { name, arguments: args }, name)
export const listTools = async (url: string): Promise<any[]> => (await mcpRequest(url, 'tools/list', {})).tools
