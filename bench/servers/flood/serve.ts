/**
 * Serves a bundled server (its default export's `fetch`) with node:http on 127.0.0.1 and a port the OS
 * picks, for bench/flood.ts: `node serve.ts <bundle.js>`; prints `listening <port>` once it listens.
 */
import http from 'node:http'
import { Readable } from 'node:stream'
import { pathToFileURL } from 'node:url'

const { default: server } = await import(pathToFileURL(process.argv[2]!).href)

const listener = http.createServer(async (req, res) => {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value)
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks)
  const response: Response = await server.fetch(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }))
  res.writeHead(response.status, Object.fromEntries(response.headers))
  if (response.body) Readable.fromWeb(response.body as any).pipe(res)
  else res.end()
})
listener.listen(0, '127.0.0.1', () => console.log(`listening ${(listener.address() as { port: number }).port}`))
