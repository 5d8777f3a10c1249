/** Reads a live SSE response one event at a time (its `data:` JSON), for streams that stay open while a test answers. */
export function sseReader(response: Response): (() => Promise<any>) & { cancel(): Promise<void> } {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  const next = async () => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end >= 0) {
        const event = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const data = event.split('\n').find((line) => line.startsWith('data: '))
        if (data) return JSON.parse(data.slice(6))
        continue
      }
      const { value, done } = await reader.read()
      if (done) throw new Error(`the stream ended; left: ${buffer}`)
      buffer += value
    }
  }
  // Closing the stream, as a client that stops listening does.
  return Object.assign(next, { cancel: () => reader.cancel() })
}
