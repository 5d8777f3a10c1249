/**
 * `@icon <src> [WxH… | any] [light | dark]` on a tool, prompt or resource, once per icon: its `icons` entry
 * (`{ src, mimeType?, sizes?, theme? }`, 2025-11-25 and later). Whether a client can show it is the rule
 * createServer applies to the server's icons (runtime features/icons.ts); this file says why not, as MCP057 at
 * the tag. The mimeType is the data: URI's, or the https URL's by its extension.
 */
import type { Icon } from '../../runtime/shared/protocol.ts'
import { ICON_TYPES, iconOk } from '../../runtime/features/icons.ts'
import type { JsDocTag } from '../source/jsdoc.ts'
import type { SourceFile } from '../source/project.ts'
import { Refusal } from '../refusal.ts'
import { tagLoc } from './tag-values.ts'

const BY_EXTENSION: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', svg: 'image/svg+xml', webp: 'image/webp' }
/** Image extensions of types a client is not asked to show. */
const OTHER_IMAGES = /\.(gif|ico|bmp|tiff?|avif|heic|jxl)$/i

const FIX = 'Write @icon https://example.com/icon.png, or a data:image/png;base64,… URI (png, jpeg, svg+xml or webp), then any sizes (48x48, or any) and light or dark'

/** The icons of a declaration's `@icon` tags, in order; each bad tag is reported and left out. */
export function iconTags(file: SourceFile, tags: readonly JsDocTag[], report: (e: unknown) => void): Icon[] | undefined {
  const icons: Icon[] = []
  for (const tag of tags) {
    if (tag.name !== 'icon') continue
    const [src = '', ...rest] = tag.value.trim().split(/\s+/)
    const themes = rest.filter((w) => w === 'light' || w === 'dark')
    const sizes = rest.filter((w) => w !== 'light' && w !== 'dark')
    const icon: Icon = { src }
    const path = src.startsWith('https://') ? src.replace(/[?#].*$/, '') : ''
    const type = /^data:([^;,]+)/.exec(src)?.[1] ?? BY_EXTENSION[/\.(\w+)$/.exec(path)?.[1]?.toLowerCase() ?? '']
    if (type) icon.mimeType = type
    if (sizes.length) icon.sizes = sizes
    if (themes.length) icon.theme = themes[0] as 'light' | 'dark'
    const why = themes.length > 1 ? `it names two themes (${themes.join(', ')}); an icon is for one, or for both when none is written` : OTHER_IMAGES.test(path) ? `its URL names a ${/\w+$/.exec(path)![0]} image, not one of ${ICON_TYPES}` : iconOk(icon) ? undefined : whyNot(icon)
    if (why) report(new Refusal('MCP057', `@icon cannot be shown by a client: ${why}. ${FIX}.`, tagLoc(file, tag)))
    else icons.push(icon)
  }
  return icons.length ? icons : undefined
}

/** Which part of an icon the rule refuses, each part tried alone beside a src it takes. */
function whyNot({ src, sizes }: Icon): string {
  if (src === '') return 'it names no image'
  if (!iconOk({ src })) {
    const type = /^data:([^;,]*)/.exec(src)?.[1]
    if (type === undefined) return `its src '${src.slice(0, 60)}' is neither an https URL nor a data: URI`
    return iconOk({ src: `data:${type};base64,AA==` }) ? 'its data: URI is not base64 (data:<type>;base64,<data>)' : `its data: URI is ${type || 'untyped'}, not one of ${ICON_TYPES}`
  }
  return `its sizes (${sizes!.join(' ')}) are not WxH (48x48) or any`
}
