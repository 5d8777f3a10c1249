/**
 * What generated code imports (`from 'mcp-aot/internal'`): the table constructor, the helpers ajv's
 * standalone validators call, and the optional parts of the runtime a module's declarations need (a
 * result shaper per result plan, a reviver, a runner, a feature). A bundler keeps only what some module imports, so a server pays only
 * for what it uses; the table constructor and the helpers stay small.
 */
export { reexport, table } from './shared/table.ts'
export { reviver } from './call/revive.ts'
export { lenient } from './call/lenient.ts'
export { handWrittenRules } from './call/schema-rules.ts'
export { voidResult, textResult, contentResult, rawResult, structuredResult, jsonResult, inspectResult } from './call/results.ts'
export { signalRunner } from './call/run.ts'
export { contextRunner } from './input/context-runner.ts'
export { resourcesFeature } from './features/resources.ts'
export { promptsFeature } from './features/prompts.ts'
export { paramHeadersFeature } from './features/param-headers.ts'
export { scopesFeature } from './http/scopes.ts'
export { serverCard } from './http/server-card.ts'
export { profilesFeature } from './features/client-profiles.ts'
export { appsFeature } from './apps/apps.ts'
export { skillResources, skillsFeature } from './skills/skills.ts'
export { ucs2length } from './validators/ucs2length.ts'
export { equal } from './validators/equal.ts'
export {
  uriFormat as format_uri,
  dateFormat as format_date,
  timeFormat as format_time,
  dateTimeFormat as format_date_time,
} from './validators/formats.ts'
