/**
 * Notes kept in Workers KV. Each exported function with a `@tool` JSDoc tag is an MCP tool: the mcp-aot
 * plugin writes its JSON Schema and validator from the parameter types at build time. The NOTES binding
 * reaches the tools through `ctx.env`.
 */
import { ToolError } from 'mcp-aot'
import type { Int, Max, MaxLength, Min, Pattern, ToolContext } from 'mcp-aot'
import type { Env } from '../env.ts'

/** A note's key: 1 to 64 lower-case letters, digits and dashes. */
type NoteKey = string & Pattern<'^[a-z0-9-]{1,64}$'>

export interface Note {
  /** The note's key. */
  key: string
  /** What the note says. */
  text: string
  /** When it was last saved. */
  updatedAt: Date
}

interface StoredNote {
  text: string
  updatedAt: string
}

/**
 * Saves a note under a key, replacing the note already saved there.
 * @tool
 * @destructive
 * @idempotent
 * @param key The note's key, such as `groceries`.
 * @param text What the note says.
 */
export async function saveNote(key: NoteKey, text: string & MaxLength<4000>, ctx: ToolContext<Env>): Promise<Note> {
  const note: Note = { key, text, updatedAt: new Date() }
  const stored: StoredNote = { text, updatedAt: note.updatedAt.toISOString() }
  await ctx.env.NOTES.put(key, JSON.stringify(stored))
  return note
}

/**
 * Reads the note saved under a key.
 * @tool
 * @readOnly
 * @param key The note's key.
 */
export async function readNote(key: NoteKey, ctx: ToolContext<Env>): Promise<Note> {
  const stored = await ctx.env.NOTES.get<StoredNote>(key, 'json')
  if (stored === null) throw new ToolError(`There is no note '${key}'. Call list_notes to see the keys.`)
  return { key, text: stored.text, updatedAt: new Date(stored.updatedAt) }
}

/**
 * Lists the keys of the saved notes in alphabetical order.
 * @tool
 * @readOnly
 * @param prefix Only keys that start with this text.
 * @param limit How many keys to return at most.
 */
export async function listNotes(prefix: string = '', limit: Int & Min<1> & Max<100> = 20, ctx: ToolContext<Env>): Promise<{ keys: string[] }> {
  const page = await ctx.env.NOTES.list({ prefix, limit })
  return { keys: page.keys.map((k) => k.name) }
}

/**
 * Collects the notes (all of them, or those whose key starts with a prefix) into one Markdown document.
 * With many notes this takes a while: a client that runs tools as tasks gets a task handle at once and
 * polls it, seeing how many notes are done; any other client waits for the document as usual.
 * @tool
 * @readOnly
 * @task optional
 * @param prefix Only notes whose key starts with this text.
 */
export async function exportNotes(prefix: string = '', ctx: ToolContext<Env>): Promise<string> {
  const keys: string[] = []
  let cursor: string | undefined
  do {
    const page = await ctx.env.NOTES.list({ prefix, cursor })
    keys.push(...page.keys.map((k) => k.name))
    cursor = page.list_complete ? undefined : page.cursor
  } while (cursor)
  const sections: string[] = []
  for (const [index, key] of keys.entries()) {
    ctx.signal.throwIfAborted()
    const stored = await ctx.env.NOTES.get<StoredNote>(key, 'json')
    if (stored) sections.push(`## ${key}\n\n${stored.text}\n\n_Updated ${stored.updatedAt}_`)
    await ctx.progress(index + 1, keys.length, `exported ${key}`)
  }
  return sections.length === 0 ? 'There are no notes to export.' : sections.join('\n\n')
}

/**
 * Deletes the note saved under a key, once the user confirms (when the client can ask the user).
 * @tool
 * @destructive
 * @idempotent
 * @param key The note's key.
 */
export async function deleteNote(key: NoteKey, ctx: ToolContext<Env>): Promise<string> {
  if (ctx.clientCapabilities.elicitation) {
    const answer = await ctx.elicit(`Delete the note '${key}'?`, {
      type: 'object',
      properties: { confirm: { type: 'boolean', title: 'Delete it' } },
      required: ['confirm'],
    })
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return `Kept note '${key}'.`
  }
  await ctx.env.NOTES.delete(key)
  return `Deleted note '${key}'.`
}

/**
 * Shows the saved notes on a board: their keys and texts, newest first. A tool with a view (MCP Apps): the
 * plugin builds views/board.html into one document, served as the resource ui://<package name>/board; a
 * host that renders MCP Apps shows it beside the result, any other client gets the result as text.
 * @tool
 * @readOnly
 * @ui ../../views/board.html
 * @param limit How many notes to show at most.
 */
export async function showNotes(limit: Int & Min<1> & Max<50> = 10, ctx: ToolContext<Env>): Promise<{ notes: { key: string; text: string; updatedAt: string }[] }> {
  const { keys } = await ctx.env.NOTES.list()
  const notes = await Promise.all(keys.map(async ({ name }) => ({ key: name, ...(await ctx.env.NOTES.get<StoredNote>(name, 'json'))! })))
  notes.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
  return { notes: notes.slice(0, limit) }
}
