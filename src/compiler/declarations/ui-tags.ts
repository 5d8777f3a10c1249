/**
 * A tool's MCP Apps tags (extension `io.modelcontextprotocol/ui`), each checked: `@ui ./views/x.html` (or a
 * .ts/.tsx entry) names its view, `@uiVisibility model app` who may call it, `@uiCsp connect|resource|frame|baseUri
 * <origins>` and `@uiPermissions camera microphone geolocation clipboardWrite` what the view's sandbox allows,
 * `@uiPrefersBorder` whether the host draws a border. views/ builds the view and names its `ui://` URI.
 */
import { statSync } from 'node:fs'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { ToolUi } from './declaration.ts'
import type { JsDocTag } from '../source/jsdoc.ts'
import type { SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import { bool, firstWord, tagLoc } from './tag-values.ts'

/** What a view's entry may be: an HTML document, or a script whose document is written around it. */
export const VIEW_ENTRY = /\.(html?|[cm]?[jt]sx?)$/

const CSP_KINDS = { connect: 'connectDomains', resource: 'resourceDomains', frame: 'frameDomains', baseUri: 'baseUriDomains' } as const
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite']
const SCHEMES = ['https:', 'http:', 'wss:', 'ws:']

const words = (tag: JsDocTag) => tag.value.trim().split(/\s+/).filter(Boolean)

const isFile = (path: string) => {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * Why `value` is not an origin a CSP source list takes (`https://api.example.com`, `wss://rt.example.com:8443`,
 * `https://*.example.com`), with the origin to write instead when it has one; undefined when it is one.
 */
export function notAnOrigin(value: string): string | undefined {
  const wildcard = /^([a-z][a-z0-9+.-]*:\/\/)\*\./i.exec(value)
  let url: URL
  try {
    url = new URL(wildcard ? value.replace('*.', 'wildcard.') : value)
  } catch {
    return `'${value}' is not a URL; write an origin such as https://api.example.com`
  }
  if (!SCHEMES.includes(url.protocol)) return `'${value}' has the scheme ${url.protocol.slice(0, -1)}; a view's CSP takes https, http, wss or ws origins`
  const origin = wildcard ? url.origin.replace('://wildcard.', '://*.') : url.origin
  if (origin !== value) return `'${value}' is not an origin (scheme, host and port only); write ${origin}`
  return undefined
}

/** The MCP Apps part of a tool's declaration, or undefined when it has no such tag. Throws the first bad tag. */
export function uiTags(file: SourceFile, tags: readonly JsDocTag[]): ToolUi | undefined {
  const ui: ToolUi = {}
  const view = tags.find((t) => t.name === 'ui')
  if (view) {
    const written = firstWord(view.value)
    const loc = tagLoc(file, view)
    if (!written || !VIEW_ENTRY.test(written) || /^[a-z][a-z0-9+.-]*:/i.test(written)) {
      throw new Refusal('MCP026', `@ui takes the path of the tool's view, relative to this module: an HTML file (@ui ./views/weather.html) or a script entry (.ts, .tsx), not '${view.value.trim()}'.`, loc)
    }
    const path = isAbsolute(written) ? written : resolve(dirname(file.path), written)
    if (!isFile(path)) {
      throw new Refusal('MCP047', `The view '${written}' named by @ui does not exist (looked for ${path}). Create it, or write its path relative to this module.`, loc)
    }
    ui.view = { path, written, loc }
  }
  const visibility = tags.find((t) => t.name === 'uiVisibility')
  if (visibility) {
    const who = words(visibility)
    if (who.length === 0 || who.some((w) => w !== 'model' && w !== 'app')) {
      throw new Refusal('MCP026', `@uiVisibility takes model, app or both (@uiVisibility model app: the model and the view may call the tool; app: only the view), not '${visibility.value.trim()}'.`, tagLoc(file, visibility))
    }
    ui.visibility = (['model', 'app'] as const).filter((w) => who.includes(w))
  }
  for (const tag of tags.filter((t) => t.name === 'uiCsp')) {
    const [kind, ...origins] = words(tag)
    const key = CSP_KINDS[kind as keyof typeof CSP_KINDS]
    if (!key || !Object.hasOwn(CSP_KINDS, kind!) || origins.length === 0) {
      throw new Refusal('MCP026', `@uiCsp takes a kind (connect, resource, frame or baseUri) and one or more origins, such as @uiCsp connect https://api.example.com, not '${tag.value.trim()}'.`, tagLoc(file, tag))
    }
    for (const origin of origins) {
      const why = notAnOrigin(origin)
      if (why) throw new Refusal('MCP050', `@uiCsp ${kind}: ${why}. The host builds the view's Content-Security-Policy from origins.`, tagLoc(file, tag))
    }
    const csp = (ui.csp ??= {})
    const list = (csp[key] ??= [])
    for (const origin of origins) if (!list.includes(origin)) list.push(origin)
  }
  const permissions = tags.find((t) => t.name === 'uiPermissions')
  if (permissions) {
    const asked = words(permissions)
    const bad = asked.find((p) => !PERMISSIONS.includes(p))
    if (asked.length === 0 || bad !== undefined) {
      throw new Refusal('MCP026', `@uiPermissions takes ${PERMISSIONS.join(', ')} (one or more), not '${bad ?? permissions.value.trim()}'.`, tagLoc(file, permissions))
    }
    ui.permissions = PERMISSIONS.filter((p) => asked.includes(p))
  }
  const border = tags.find((t) => t.name === 'uiPrefersBorder')
  if (border) ui.prefersBorder = bool(file, border)
  const resourceTag = tags.find((t) => t.name === 'uiCsp' || t.name === 'uiPermissions' || t.name === 'uiPrefersBorder')
  if (resourceTag && !view) {
    throw new Refusal('MCP026', `@${resourceTag.name} describes the tool's view, and this tool has none. Add @ui ./views/<name>.html, or remove @${resourceTag.name}.`, tagLoc(file, resourceTag))
  }
  return Object.keys(ui).length > 0 ? ui : undefined
}
