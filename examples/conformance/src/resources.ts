/** The conformance resources (resources-*, caching, sep-2164-resource-not-found). */
import { bytes, RED_PIXEL_PNG } from './media.ts'
import { watched } from './live-state.ts'

/**
 * A static text resource for testing.
 * @resource test://static-text
 * @mimeType text/plain
 * @title Static Text Resource
 */
export function staticText(): string {
  return 'This is the content of the static text resource.'
}

/**
 * A static binary resource (image) for testing.
 * @resource test://static-binary
 * @mimeType image/png
 * @title Static Binary Resource
 */
export function staticBinary(): Uint8Array {
  return bytes(RED_PIXEL_PNG)
}

/**
 * A resource template with parameter substitution.
 * @resource test://template/{id}/data
 * @mimeType application/json
 * @title Resource Template
 * @param id The identifier substituted into the data.
 */
export function templateData(id: string): string {
  return JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` })
}

/**
 * A resource that changes: test_update_resource (tools/live.ts) updates it and tells its subscribers.
 * @resource test://watched-resource
 * @mimeType text/plain
 * @title Watched Resource
 */
export function watchedResource(): string {
  return watched.updates === 0 ? 'Watched resource content' : `Watched resource content (update ${watched.updates})`
}
