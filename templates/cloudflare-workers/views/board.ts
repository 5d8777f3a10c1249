// The view: show_notes' result arrives from the host (views/mcp-app.ts, the MCP Apps handshake in ~1 KiB) and
// lists the notes. A tool result that is an error, or a cancelled call, is said in the list instead.
import { connect, on, type ToolResult } from './mcp-app.ts'

const list = document.getElementById('notes')!
const item = (text: string) => Object.assign(document.createElement('li'), { textContent: text })
const say = (text: string) => list.replaceChildren(item(text))

on('ui/notifications/tool-result', (result: ToolResult) => {
  if (result.isError) return say(result.content?.map((part) => part.text ?? '').join('\n') || 'The tool failed.')
  const { notes } = result.structuredContent as { notes: { key: string; text: string }[] }
  if (notes.length === 0) return say('No notes yet.')
  list.replaceChildren(...notes.map((note) => item(`${note.key}: ${note.text}`)))
})
on('ui/notifications/tool-cancelled', ({ reason }) => say(`Cancelled${reason ? `: ${reason}` : ''}.`))

await connect({ name: 'notes-board', version: '0.1.0' })
