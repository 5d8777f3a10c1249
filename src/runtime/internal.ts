/**
 * What generated code imports (`from 'mcp-aot/internal'`): the table constructor and the helpers ajv's
 * standalone validators call. It ends up in every bundle, so it stays this small.
 */
export { table } from './table.ts'
export { ucs2length } from './ajv/ucs2length.ts'
export { equal } from './ajv/equal.ts'
export { formats } from './ajv/formats.ts'
