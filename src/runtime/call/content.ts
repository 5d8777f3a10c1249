/** Content-part helpers a tool may return (alone or in an array). */
import type { Annotations, AudioContent, EmbeddedResource, ImageContent, ResourceContents, ResourceLink, TextContent } from '../shared/api.ts'
import { toBase64 } from '../shared/base64.ts'

type Data = string | Uint8Array

const encode = (data: Data): string => (typeof data === 'string' ? data : toBase64(data))

export function text(text: string, annotations?: Annotations): TextContent {
  return annotations ? { type: 'text', text, annotations } : { type: 'text', text }
}

/** An image; `data` is base64 text or the bytes themselves. */
export function image(data: Data, mimeType: string, annotations?: Annotations): ImageContent {
  const part: ImageContent = { type: 'image', data: encode(data), mimeType }
  if (annotations) part.annotations = annotations
  return part
}

/** Audio; `data` is base64 text or the bytes themselves. */
export function audio(data: Data, mimeType: string, annotations?: Annotations): AudioContent {
  const part: AudioContent = { type: 'audio', data: encode(data), mimeType }
  if (annotations) part.annotations = annotations
  return part
}

export function resourceLink(uri: string, name: string, fields: Omit<ResourceLink, 'type' | 'uri' | 'name'> = {}): ResourceLink {
  return { type: 'resource_link', uri, name, ...fields }
}

/** An embedded resource: text, or bytes (sent as base64 `blob`). */
export function resource(uri: string, content: string | Uint8Array, mimeType?: string, annotations?: Annotations): EmbeddedResource {
  const body: ResourceContents =
    typeof content === 'string' ? { uri, text: content } : { uri, blob: toBase64(content) }
  if (mimeType) body.mimeType = mimeType
  const part: EmbeddedResource = { type: 'resource', resource: body }
  if (annotations) part.annotations = annotations
  return part
}
