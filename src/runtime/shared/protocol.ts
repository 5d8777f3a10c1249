/**
 * Protocol constants both eras share: revisions, JSON-RPC and MCP error codes, the `_meta` keys of
 * 2026-07-28 and the methods each era serves.
 */

/** The stateless revision: per-request `_meta`, `server/discover`, input-required results. */
export const MODERN = '2026-07-28'
/** The initialize-based revisions, newest first; the first is offered when a client asks for another. */
export const LEGACY = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const
/** What `server/discover` and UnsupportedProtocolVersionError list. */
export const SUPPORTED: readonly string[] = [MODERN, ...LEGACY]
/** The revision a legacy request without an `MCP-Protocol-Version` header is taken to speak. */
export const LEGACY_DEFAULT = '2025-03-26'

/** An icon a client may show (2025-11-25 and later): an https URL or a base64 data: URI of png, jpeg, svg+xml or webp (features/icons.ts). */
export interface Icon {
  src: string
  mimeType?: string
  /** `WxH` (`48x48`) or `any`. */
  sizes?: string[]
  theme?: 'light' | 'dark'
}

export const isLegacy = (version: string): boolean => (LEGACY as readonly string[]).includes(version)

/** Revision order as a number (dates compare as strings). */
export const atLeast = (version: string, than: string): boolean => version >= than

export const PARSE_ERROR = -32700
export const INVALID_REQUEST = -32600
export const METHOD_NOT_FOUND = -32601
export const INVALID_PARAMS = -32602
export const INTERNAL_ERROR = -32603
/** 2025-11-25 and earlier: resources/read of an unknown URI. */
export const RESOURCE_NOT_FOUND = -32002
export const HEADER_MISMATCH = -32020
export const MISSING_CAPABILITY = -32021
export const UNSUPPORTED_VERSION = -32022

export const META_VERSION = 'io.modelcontextprotocol/protocolVersion'
export const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities'
export const META_LOG_LEVEL = 'io.modelcontextprotocol/logLevel'
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo'
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo'

/** Log levels by severity (RFC 5424 order). */
export const LOG_LEVELS: Readonly<Record<string, number>> = {
  debug: 0,
  info: 1,
  notice: 2,
  warning: 3,
  error: 4,
  critical: 5,
  alert: 6,
  emergency: 7,
}

/** The severity of a log level a client named, or undefined when it names none (own keys only: not `constructor`). */
export const levelOf = (level: unknown): number | undefined =>
  typeof level === 'string' && Object.hasOwn(LOG_LEVELS, level) ? LOG_LEVELS[level] : undefined

/** The level a legacy request logs at: `logging/setLevel` cannot be remembered by a stateless server. */
export const LEGACY_LOG_LEVEL = LOG_LEVELS.info
