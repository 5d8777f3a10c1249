/**
 * The type-only names of the contract (SCHEMA.md). Nothing here exists at run time: the tags are
 * optional brand properties, so `tsc` checks how they compose while plain numbers and strings still
 * assign to them (`maxResults: Int & Max<10> = 5`). The compiler recognises them by their import
 * from `mcp-aot`, never by spelling.
 */
declare const tag: unique symbol

type Tagged<T> = { readonly [tag]?: T }

/** A safe integer: listed as {"type":"integer"}; the validator also checks -9007199254740991..9007199254740991. */
export type Int = number & Tagged<{ int: 'Int' }>
export type Int8 = number & Tagged<{ int: 'Int8' }>
export type Uint8 = number & Tagged<{ int: 'Uint8' }>
export type Int16 = number & Tagged<{ int: 'Int16' }>
export type Uint16 = number & Tagged<{ int: 'Uint16' }>
export type Int32 = number & Tagged<{ int: 'Int32' }>
export type Uint32 = number & Tagged<{ int: 'Uint32' }>

/** `minimum` on a number or integer. */
export type Min<N extends number> = Tagged<{ min: N }>
/** `maximum` on a number or integer. */
export type Max<N extends number> = Tagged<{ max: N }>
/** `minLength` on a string, `minItems` on an array or set. */
export type MinLength<N extends number> = Tagged<{ minLength: N }>
/** `maxLength` on a string, `maxItems` on an array or set. */
export type MaxLength<N extends number> = Tagged<{ maxLength: N }>
/** `pattern`: a JavaScript `u`-flag regular expression. */
export type Pattern<P extends string> = Tagged<{ pattern: P }>

export type Email = string & Tagged<{ format: 'email' }>
export type Uri = string & Tagged<{ format: 'uri' }>
export type Uuid = string & Tagged<{ format: 'uuid' }>
/** yyyy-MM-dd */
export type DateString = string & Tagged<{ format: 'date' }>
/** RFC 3339 full-time, an offset is required: `14:30:00Z`. */
export type TimeString = string & Tagged<{ format: 'time' }>
export type DateTimeString = string & Tagged<{ format: 'date-time' }>
export type Duration = string & Tagged<{ format: 'duration' }>
export type Hostname = string & Tagged<{ format: 'hostname' }>
export type Ipv4 = string & Tagged<{ format: 'ipv4' }>
export type Ipv6 = string & Tagged<{ format: 'ipv6' }>

/** Any JSON value: `{}`. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
/** Any JSON object: {"type":"object"}. */
export type JsonObject = { [key: string]: JsonValue }
