/**
 * Icons (2025-11-25 and 2026-07-28: `icons` on the server info, tools, prompts, resources and templates): what
 * an icon may be, the one rule the build applies to `@icon` and createServer to `info.icons`. Its `src` is an
 * https URL or a base64 data: URI of an image type every client that shows icons is asked to show (the spec's
 * MUST: png, jpeg; SHOULD: svg+xml, webp), as its `mimeType` is; `sizes` are `WxH` or `any`; `theme` is light
 * or dark. A yes or no, kept small: every server bundles it (the build says why; see icon-tags.ts).
 */
import type { Icon } from '../shared/protocol.ts'

export const ICON_TYPES = 'image/png, image/jpeg, image/svg+xml, image/webp'
const TYPE = /^image\/(png|jpeg|svg\+xml|webp)$/

/** Whether a client can show `icon`. */
export function iconOk(icon: Icon): boolean {
  const { src, mimeType, sizes, theme } = icon ?? ({} as Icon)
  const data = /^data:([^;,]*);base64,[A-Za-z0-9+/]+={0,2}$/.exec(src)
  return (
    typeof src === 'string' &&
    (data ? TYPE.test(data[1]!) : /^https:\/\/[^/?#\s]+\S*$/.test(src)) &&
    (mimeType === undefined || TYPE.test(mimeType)) &&
    (sizes === undefined || (Array.isArray(sizes) && sizes.every((s) => /^([1-9]\d*x[1-9]\d*|any)$/.test(s)))) &&
    (theme === undefined || theme === 'light' || theme === 'dark')
  )
}
