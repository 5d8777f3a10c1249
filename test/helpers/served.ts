/** What every e2e server starter returns: where the MCP endpoint listens, and how to stop it. */
export interface Served {
  /** The server's origin, e.g. `http://127.0.0.1:40123`. */
  readonly origin: string
  /** The MCP endpoint, `<origin>/mcp`. */
  readonly url: string
  /** What the runtime printed so far (the Worker's console, runtime errors), for failure messages. */
  output(): string
  stop(): Promise<void>
}

export function served(origin: string, output: () => string, stop: () => Promise<void>, path = '/mcp'): Served {
  const base = origin.replace(/\/$/, '')
  return { origin: base, url: base + path, output, stop }
}
