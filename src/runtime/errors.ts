/** An error whose message is meant for the model: `throw new ToolError('…')` becomes an isError result with it. */
export class ToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ToolError'
  }
}
