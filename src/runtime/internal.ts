/**
 * What generated code imports (`from 'mcp-aot/internal'`): the table constructor, the helpers ajv's
 * standalone validators call, and the optional parts of the runtime a module's declarations need (a
 * result shaper per result plan, a reviver, a runner, a feature). A bundler keeps only what some module imports, so a server pays only
 * for what it uses; the table constructor and the helpers stay small.
 */
export { table } from './table.ts'
export { reviver } from './revive.ts'
export { lenient } from './lenient.ts'
export { voidResult, textResult, contentResult, rawResult, structuredResult, jsonResult, inspectResult } from './results.ts'
export { signalRunner } from './run.ts'
export { contextRunner } from './context-runner.ts'
export { resourcesFeature } from './resources.ts'
export { promptsFeature } from './prompts.ts'
export { paramHeadersFeature } from './param-headers.ts'
export { scopesFeature } from './scopes.ts'
export { ucs2length } from './ajv/ucs2length.ts'
export { equal } from './ajv/equal.ts'
export {
  uriFormat as format_uri,
  dateFormat as format_date,
  timeFormat as format_time,
  dateTimeFormat as format_date_time,
} from './ajv/formats.ts'
