/** Tools that return each kind of content part (conformance: tools-call-*). */
import { audio, image, resource, text, ToolError } from 'mcp-aot'
import type { AudioContent, ContentPart, EmbeddedResource, ImageContent } from 'mcp-aot'
import { RED_PIXEL_PNG, SILENT_WAV } from '../media.ts'

/**
 * Tests simple text content response.
 * @tool
 * @readOnly
 */
export function testSimpleText(): string {
  return 'This is a simple text response for testing.'
}

/**
 * Tests image content response.
 * @tool
 * @readOnly
 */
export function testImageContent(): ImageContent {
  return image(RED_PIXEL_PNG, 'image/png')
}

/**
 * Tests audio content response.
 * @tool
 * @readOnly
 */
export function testAudioContent(): AudioContent {
  return audio(SILENT_WAV, 'audio/wav')
}

/**
 * Tests embedded resource content response.
 * @tool
 * @readOnly
 */
export function testEmbeddedResource(): EmbeddedResource {
  return resource('test://embedded-resource', 'This is an embedded resource content.', 'text/plain')
}

/**
 * Tests response with multiple content types (text, image, resource).
 * @tool
 * @readOnly
 */
export function testMultipleContentTypes(): ContentPart[] {
  return [
    text('Multiple content types test:'),
    image(RED_PIXEL_PNG, 'image/png'),
    resource('test://mixed-content-resource', JSON.stringify({ test: 'data', value: 123 }), 'application/json'),
  ]
}

/**
 * Tests error response handling: always fails with a message meant for the model.
 * @tool
 * @readOnly
 */
export function testErrorHandling(): string {
  throw new ToolError('This tool intentionally returns an error for testing')
}
