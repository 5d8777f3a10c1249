/** The names mcp-aot exports (recognised only when imported from it) and what each one means. */
import type { TypeIR } from './ir.ts'

const INT_RANGES: Record<string, [number, number]> = {
  Int: [-9007199254740991, 9007199254740991],
  Int8: [-128, 127],
  Uint8: [0, 255],
  Int16: [-32768, 32767],
  Uint16: [0, 65535],
  Int32: [-2147483648, 2147483647],
  Uint32: [0, 4294967295],
}

const FORMATS: Record<string, string> = {
  Email: 'email',
  Uri: 'uri',
  Uuid: 'uuid',
  DateString: 'date',
  TimeString: 'time',
  DateTimeString: 'date-time',
  Duration: 'duration',
  Hostname: 'hostname',
  Ipv4: 'ipv4',
  Ipv6: 'ipv6',
}

export const TAG_NAMES: Record<string, 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern'> = {
  Min: 'min',
  Max: 'max',
  MinLength: 'minLength',
  MaxLength: 'maxLength',
  Pattern: 'pattern',
}

/** Types only a runtime-filled parameter or a return type may use. */
export const CONTENT_TYPES = new Set(['TextContent', 'ImageContent', 'AudioContent', 'ResourceLink', 'EmbeddedResource', 'ContentPart'])

/** The range of an IntN type (`Int8` → [-128, 127]). */
export function intRange(name: string): [number, number] | undefined {
  return INT_RANGES[name]
}

/** The value type of an mcp-aot name, or undefined when it is not a plain value type. */
export function builtinValue(name: string): TypeIR | undefined {
  const range = INT_RANGES[name]
  if (range) return { kind: 'number', integer: true, minimum: range[0], maximum: range[1], intName: name }
  const format = FORMATS[name]
  if (format) return { kind: 'string', format }
  if (name === 'JsonValue') return { kind: 'any' }
  if (name === 'JsonObject') return { kind: 'object-any' }
  return undefined
}
