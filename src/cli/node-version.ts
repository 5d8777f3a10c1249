/**
 * The Node floor, checked before anything else loads: mcp-aot's build-time code (the parser, type
 * stripping of `.ts` configs, wrangler) needs Node 22.18 or later on 22, or 24.11 or later. package.json's
 * `engines` says the same (test/cli/publish.test.ts keeps them equal).
 */
export const NODE_RANGE = '^22.18.0 || >=24.11.0'

/** The sentence for a Node below the floor, or undefined when `version` (`22.18.0`, `v24.11.1`) is enough. */
export function nodeTooOld(version: string, command = 'mcp-aot'): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number)
  const ok = major === 22 ? minor >= 18 : major === 24 ? minor >= 11 : major > 24
  return ok ? undefined : `${command}: Node ${version.replace(/^v/, '')} is too old; install Node 22.18 or later (or 24.11 or later) from https://nodejs.org and run it again.`
}
