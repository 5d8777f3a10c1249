/**
 * The list results (tools, prompts, resources, resource templates) as JSON text, paginated, built once
 * per server and revision family on first use, then served as they are.
 */
import type { Core } from './core.ts'
import type { PromptEntry, ResourceEntry, ToolEntry } from './table.ts'
import { INVALID_PARAMS } from './protocol.ts'
import { RpcError } from './jsonrpc.ts'
import { toolFieldsLacking, untitled, without, type Flavour } from './compat.ts'

/** Items per page; the cursor is opaque to clients. */
export const PAGE_SIZE = 100

type Kind = 'tools' | 'prompts' | 'resources' | 'resourceTemplates'

export class ListPages {
  readonly #kind: Kind
  readonly #items: (flavour: Flavour) => string[]
  /** Appended to every modern result: resultType, ttlMs, cacheScope, _meta. */
  readonly #modernTail: string
  readonly #cursors = new Map<string, number>()
  readonly #pages = new Map<Flavour, string[]>()

  constructor(kind: Kind, count: number, items: (flavour: Flavour) => string[], modernTail: string) {
    this.#kind = kind
    this.#items = items
    this.#modernTail = modernTail
    for (let page = 1; page * PAGE_SIZE < count; page++) this.#cursors.set(cursorOf(kind, page), page)
  }

  /** The result JSON of the page a cursor names; an unknown cursor is -32602. */
  page(flavour: Flavour, cursor: unknown): string | RpcError {
    let index = 0
    if (cursor !== undefined) {
      const found = typeof cursor === 'string' ? this.#cursors.get(cursor) : undefined
      if (found === undefined) return new RpcError(INVALID_PARAMS, 'The cursor is not one this server issued.')
      index = found
    }
    let pages = this.#pages.get(flavour)
    if (!pages) this.#pages.set(flavour, (pages = this.#build(flavour)))
    return pages[index]
  }

  #build(flavour: Flavour): string[] {
    const items = this.#items(flavour)
    const tail = flavour === 'modern' ? this.#modernTail : ''
    const pages: string[] = []
    const count = Math.max(1, Math.ceil(items.length / PAGE_SIZE))
    for (let page = 0; page < count; page++) {
      const slice = items.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).join(',')
      const next = page + 1 < count ? `,"nextCursor":${JSON.stringify(cursorOf(this.#kind, page + 1))}` : ''
      pages.push(`{"${this.#kind}":[${slice}]${next}${tail}}`)
    }
    return pages
  }
}

const cursorOf = (kind: Kind, page: number): string => btoa(`${kind}:${page * PAGE_SIZE}`)

export function toolItems(core: Core, tools: readonly ToolEntry[], flavour: Flavour): string[] {
  const lacking = toolFieldsLacking(flavour)
  if (lacking.length === 0) return tools.map((tool) => tool.json)
  return tools.map((tool) => JSON.stringify(without(core.definition(tool) as unknown as Record<string, unknown>, lacking)))
}

const titled = (flavour: Flavour): readonly string[] => (untitled(flavour) ? ['title'] : [])

export function promptItems(prompts: readonly PromptEntry[], flavour: Flavour): string[] {
  return prompts.map((prompt) =>
    JSON.stringify(
      without(
        { name: prompt.name, title: prompt.title, description: prompt.description, arguments: prompt.arguments },
        titled(flavour),
      ),
    ),
  )
}

export function resourceItems(resources: readonly ResourceEntry[], flavour: Flavour): string[] {
  return resources.map((resource) =>
    JSON.stringify(
      without(
        resource.template
          ? { uriTemplate: resource.uri, name: resource.name, title: resource.title, description: resource.description, mimeType: resource.mimeType }
          : { uri: resource.uri, name: resource.name, title: resource.title, description: resource.description, mimeType: resource.mimeType },
        titled(flavour),
      ),
    ),
  )
}
