/**
 * The list results (tools, prompts, resources, resource templates) as JSON text, paginated, built once
 * per server and revision family on first use, then served as they are.
 */
import type { Core } from './table.ts'
import type { Handler } from './table.ts'
import type { PromptEntry, ResourceEntry, ToolEntry } from './table.ts'
import { INVALID_PARAMS } from './protocol.ts'
import { RpcError } from './jsonrpc.ts'
import { itemFieldsLacking, toolFor, toolsAsBuilt, without, type Flavour } from './compat.ts'

/** Items per page; the cursor is opaque to clients. */
export const PAGE_SIZE = 100

type Kind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates' | 'skills'

/**
 * The handler of a list method: the result JSON of the page the request's cursor names (an unknown cursor
 * is -32602), the pages built on first use per revision family. `modernTail` is appended to every modern
 * result: resultType, ttlMs, cacheScope, _meta. `pageSize` items a page (skills/list takes fewer).
 */
export function listPages(kind: Kind, items: (flavour: Flavour) => string[], modernTail: string, pageSize = PAGE_SIZE): Handler {
  /** Per revision family: each page's result JSON by the cursor that names it (the first page by undefined). */
  const built = new Map<Flavour, Map<unknown, string>>()
  return (_core, { flavour }, params) => {
    let pages = built.get(flavour)
    if (!pages) {
      const all = items(flavour)
      const tail = flavour === 'modern' ? modernTail : ''
      built.set(flavour, (pages = new Map()))
      let cursor: string | undefined
      for (let at = 0; at === 0 || at < all.length; at += pageSize) {
        const next = at + pageSize < all.length ? btoa(`${kind}:${at + pageSize}`) : undefined
        pages.set(cursor, `{"${kind}":[${all.slice(at, at + pageSize).join(',')}]${next ? `,"nextCursor":${JSON.stringify(next)}` : ''}${tail}}`)
        cursor = next
      }
    }
    return pages.get(params?.cursor) ?? new RpcError(INVALID_PARAMS, 'The cursor is not one this server issued.')
  }
}

export function toolItems(core: Core, tools: readonly ToolEntry[], flavour: Flavour): string[] {
  if (toolsAsBuilt(flavour)) return tools.map((tool) => tool.json)
  return tools.map((tool) => JSON.stringify(toolFor(core.definition(tool) as unknown as Record<string, unknown>, flavour)))
}

export function promptItems(prompts: readonly PromptEntry[], flavour: Flavour): string[] {
  return prompts.map((prompt) =>
    JSON.stringify(
      without(
        { name: prompt.name, title: prompt.title, description: prompt.description, arguments: prompt.arguments, icons: prompt.icons },
        itemFieldsLacking(flavour),
      ),
    ),
  )
}

export function resourceItems(resources: readonly ResourceEntry[], flavour: Flavour): string[] {
  return resources.map((resource) =>
    JSON.stringify(
      without(
        resource.template
          ? { uriTemplate: resource.uri, name: resource.name, title: resource.title, description: resource.description, mimeType: resource.mimeType, icons: resource.icons }
          : { uri: resource.uri, name: resource.name, title: resource.title, description: resource.description, mimeType: resource.mimeType, icons: resource.icons },
        itemFieldsLacking(flavour),
      ),
    ),
  )
}
