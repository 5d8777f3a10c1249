// The view: the extension's App client receives show_notes' result from the host and lists the notes.
import { App } from '@modelcontextprotocol/ext-apps'

const app = new App({ name: 'notes-board', version: '0.1.0' })

app.ontoolresult = (result) => {
  const { notes } = result.structuredContent as { notes: { key: string; text: string }[] }
  const list = document.getElementById('notes')!
  list.replaceChildren(
    ...notes.map((note) => {
      const item = document.createElement('li')
      item.textContent = `${note.key}: ${note.text}`
      return item
    }),
  )
  if (notes.length === 0) list.textContent = 'No notes yet.'
}

await app.connect()
