/**
 * The notes tools. Who is calling comes from the OAuth grant: `ctx.auth` is what `fromOAuthProvider`
 * made of the token the provider verified (its client, scopes, and the props the consent page stored).
 * Notes live in the NOTES KV namespace, one list per user.
 */
import type { ToolContext } from 'mcp-aot'

export interface Env {
  NOTES: KVNamespace
}

/** What the consent page stores with the grant (`completeAuthorization({ props })`). */
export interface Props {
  userId: string
  name: string
}

function caller(ctx: ToolContext<Env>): Props {
  return ctx.auth!.extra!.props as Props
}

async function notesOf(ctx: ToolContext<Env>): Promise<string[]> {
  return (await ctx.env.NOTES.get<string[]>(`notes:${caller(ctx).userId}`, 'json')) ?? []
}

/**
 * Who the server thinks you are: the signed-in user, the OAuth client and the scopes of the token.
 * @tool
 * @readOnly
 */
export function whoami(ctx: ToolContext<Env>): { userId: string; name: string; clientId: string; scopes: string[] } {
  const { userId, name } = caller(ctx)
  return { userId, name, clientId: ctx.auth!.clientId ?? '', scopes: ctx.auth!.scopes ?? [] }
}

/**
 * Lists your notes, oldest first.
 * @tool
 * @readOnly
 * @scope notes:read
 */
export async function listNotes(ctx: ToolContext<Env>): Promise<{ notes: string[] }> {
  return { notes: await notesOf(ctx) }
}

/**
 * Adds a note and says how many you have.
 * @tool
 * @destructive false
 * @openWorld false
 * @scope notes:write
 * @param text What to remember.
 */
export async function addNote(text: string, ctx: ToolContext<Env>): Promise<string> {
  const notes = [...(await notesOf(ctx)), text]
  await ctx.env.NOTES.put(`notes:${caller(ctx).userId}`, JSON.stringify(notes))
  return `Noted. ${caller(ctx).name} has ${notes.length} note${notes.length === 1 ? '' : 's'}.`
}
