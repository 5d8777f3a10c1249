/** The Worker's bindings, declared in wrangler.jsonc. Tools read them as `ctx.env` (`ToolContext<Env>`). */
export interface Env {
  /** Workers KV namespace holding the notes. */
  NOTES: KVNamespace
  /**
   * Signs input-required rounds, for tools that ask the user or the client's model a question
   * (`ctx.elicit`, `ctx.sample`): `wrangler secret put MCP_STATE_SECRET` (locally, in `.dev.vars`).
   */
  MCP_STATE_SECRET?: string
  /** 2025-11-25 sessions (mcp-aot/cloudflare), when the wrangler.jsonc line is uncommented. */
  MCP_SESSIONS?: DurableObjectNamespace
  /** Tasks (`@task` tools, mcp-aot/cloudflare), when the same wrangler.jsonc line is uncommented. */
  MCP_TASKS?: DurableObjectNamespace
}
