/** Marks a ToolError, so that two copies of mcp-aot in one bundle still know each other's. */
export const TOOL_ERROR: unique symbol = /* @__PURE__ */ Symbol.for('mcp-aot.ToolError') as any

/** An error whose message is meant for the model: `throw new ToolError('…')` becomes an isError result with it. */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ToolError'
    ;(this as any)[TOOL_ERROR] = true
  }
}

/** A `ToolError`, also one from another copy of the package (by its brand; an error merely named so is not). */
export const isToolError = (error: unknown): error is Error => (error as any)?.[TOOL_ERROR] === true
