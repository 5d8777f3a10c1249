/**
 * The package root: only what runs on the edge. Type-only names of the contract, `createServer`,
 * `ToolError` and the content helpers. Nothing build-time (Babel, ajv's compiler) is reachable from here.
 */
export type * from './types.ts'
export type * from './runtime/shared/api.ts'
export { createServer } from './runtime/server.ts'
export { fromOAuthProvider } from './runtime/http/oauth-provider.ts'
export { scopesOf } from './runtime/http/scopes.ts'
export { ToolError } from './runtime/call/errors.ts'
export { text, image, audio, resourceLink, resource } from './runtime/call/content.ts'
export { memorySessions } from './runtime/session/memory.ts'
export type { MemorySessionsOptions } from './runtime/session/memory.ts'
export type { SessionHost } from './runtime/shared/api.ts'
export { memoryTasks } from './runtime/tasks/memory.ts'
export type { MemoryTasksOptions } from './runtime/tasks/memory.ts'
export type { TaskHost } from './runtime/shared/api.ts'
export { memorySubscriptions } from './runtime/subscriptions/memory.ts'
export type { MemorySubscriptionsOptions } from './runtime/subscriptions/memory.ts'
export type { Notifier, SubscriptionHost } from './runtime/shared/channel.ts'
export { instrument } from './runtime/instrument/instrument.ts'
