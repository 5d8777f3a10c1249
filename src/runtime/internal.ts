/**
 * What generated code imports (`from 'mcp-aot/internal'`): the table constructor and the helpers ajv's
 * standalone validators call. It ends up in every bundle, so it stays this small.
 */
export { table } from './table.ts'
export { ucs2length } from './ajv/ucs2length.ts'
export { equal } from './ajv/equal.ts'
export {
  uriFormat as format_uri,
  dateFormat as format_date,
  timeFormat as format_time,
  dateTimeFormat as format_date_time,
} from './ajv/formats.ts'
