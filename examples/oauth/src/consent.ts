/**
 * The authorization page the provider sends users to (`/authorize`). A real server signs the user in
 * here (a session cookie, or another provider: see the provider's docs/upstream-sign-in.md); this example
 * asks for a name instead, and shows what MCP's authorization spec asks a consent page to show: the
 * client's name, where the code goes (with a warning for a local app), and the scopes, each one a box
 * the user may untick. Everything that came from the client is escaped.
 */
import { AuthorizationError, type OAuthHelpers } from '@cloudflare/workers-oauth-provider'
import type { Props } from './notes.ts'

export interface ConsentEnv {
  OAUTH_PROVIDER: OAuthHelpers
}

const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
const HTML = { 'content-type': 'text/html; charset=utf-8' }

function page(details: Awaited<ReturnType<OAuthHelpers['describeConsent']>>, handle: string): string {
  const name = escape(details.clientName)
  const scopes = details.scope
    .map((scope) => `<label><input type="checkbox" name="scope" value="${escape(scope)}" checked> ${escape(scope)}</label>`)
    .join('<br>')
  return `<!doctype html>
<meta charset="utf-8">
<title>Authorize ${name}</title>
<h1>Allow ${name} to use your notes?</h1>
<p>Access will be sent to <strong>${escape(details.redirectHost)}</strong>.</p>
${details.redirectIsLoopback ? '<p><strong>This sends access to an app on your computer.</strong> Continue only if you just started signing in from it.</p>' : ''}
<form method="post">
  <input type="hidden" name="handle" value="${escape(handle)}">
  <p><label>Your name <input name="name" required></label></p>
  ${scopes}
  <p><button name="decision" value="approve">Allow</button> <button name="decision" value="deny">Deny</button></p>
</form>`
}

export async function consent(request: Request, env: ConsentEnv): Promise<Response> {
  if (new URL(request.url).pathname !== '/authorize') return new Response('Not found', { status: 404 })
  const oauth = env.OAUTH_PROVIDER
  try {
    if (request.method === 'GET') {
      const parsed = await oauth.parseAuthRequest(request)
      const details = await oauth.describeConsent(parsed)
      const started = await oauth.beginConsent(parsed)
      started.headers.set('content-type', HTML['content-type'])
      return new Response(page(details, started.handle), { headers: started.headers })
    }
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'GET, POST' } })
    const form = await request.formData()
    const handle = String(form.get('handle'))
    if (form.get('decision') !== 'approve') {
      const denied = await oauth.denyConsent(request, handle)
      return new Response(null, { status: 302, headers: denied.headers })
    }
    const name = String(form.get('name') ?? '').trim()
    if (!name) return new Response('Say who you are.', { status: 400, headers: HTML })
    const approved = await oauth.approveConsent(request, handle, { scope: form.getAll('scope').map(String) })
    const props: Props = { userId: name.toLowerCase(), name }
    const { redirectTo } = await oauth.completeAuthorization({
      request: approved.request,
      userId: props.userId,
      metadata: {},
      scope: approved.request.scope,
      props,
    })
    approved.headers.set('location', redirectTo)
    return new Response(null, { status: 302, headers: approved.headers })
  } catch (error) {
    if (error instanceof AuthorizationError && error.redirectTo) return Response.redirect(error.redirectTo, 302)
    if (error instanceof AuthorizationError) return new Response(escape(error.description), { status: 400, headers: HTML })
    throw error
  }
}
