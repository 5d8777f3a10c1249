/** SCHEMA.md: the build's output is byte-identical from run to run (fresh Project each time). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileModule } from '../../src/compiler/compile.ts'
import { Project } from '../../src/compiler/source/project.ts'

const TOOLS = String.raw`import type { Int, Min, Max, Email, Pattern, ToolContext } from 'mcp-aot'
import type { Order, Priority } from './types.ts'

type Sku = string & Pattern<'^[A-Z]{3}-\d{4}$'>

/**
 * Creates an order.
 * @tool create_order
 * @destructive false
 * @timeout 5s
 * @param customer Who orders.
 */
export async function createOrder(
  customer: { name: string; email: Email },
  items: { sku: Sku; qty: Int & Min<1> & Max<1000> }[],
  note: string | null | undefined,
  priority: Priority = 'normal',
  ctx: ToolContext,
): Promise<Order> { return { orderId: 'x', total: 1, placedAt: new Date() } }

/** Echoes. @tool @readOnly */
export const echo = (text: string, when?: Date, tags?: Set<string>, raw?: Uint8Array, big?: bigint): string => text

/** @tool */
export function lookup({ id, mode = 'fast' }: { id: string; mode?: 'fast' | 'slow' }): Record<string, unknown> | null { return null }
`
const TYPES = `import type { Int } from 'mcp-aot'
export type Priority = 'low' | 'normal' | 'high'
export interface Order { orderId: string; total: Int; placedAt: Date }
`

function build(): string {
  const root = mkdtempSync(join(tmpdir(), 'mcp-aot-determinism-'))
  for (const [p, text] of Object.entries({ 'src/tools.ts': TOOLS, 'src/types.ts': TYPES })) {
    mkdirSync(dirname(join(root, p)), { recursive: true })
    writeFileSync(join(root, p), text)
  }
  const out = compileModule(new Project(root), join(root, 'src/tools.ts'), TOOLS)
  if (!out) throw new Error('nothing compiled')
  return out.code
}

describe('determinism', () => {
  it('the same module compiled twice, each in a fresh Project and folder, yields byte-identical code', () => {
    const a = build()
    const b = build()
    expect(a.length).toBeGreaterThan(TOOLS.length)
    expect(b).toBe(a)
  })
  it('compiling twice in the same Project yields the same code too', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-aot-determinism-'))
    mkdirSync(join(root, 'src'), { recursive: true })
    writeFileSync(join(root, 'src/types.ts'), TYPES)
    writeFileSync(join(root, 'src/tools.ts'), TOOLS)
    const project = new Project(root)
    const a = compileModule(project, join(root, 'src/tools.ts'), TOOLS)!.code
    const b = compileModule(project, join(root, 'src/tools.ts'), TOOLS)!.code
    expect(b).toBe(a)
  })
  it('the emitted code holds no absolute temp path (it would differ from folder to folder)', () => {
    expect(build()).not.toContain(tmpdir())
  })
  it('the original source is kept verbatim in front of the appended table', () => {
    const code = build()
    expect(code.startsWith(TOOLS)).toBe(true)
    expect(code).toContain('const __mcp_module = "src/tools.ts";\nexport const __mcp = __mcp_table(__mcp_module, [')
  })
  it('a module without @tool/@resource/@prompt is left alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'mcp-aot-determinism-'))
    expect(compileModule(new Project(root), join(root, 'x.ts'), 'export const x = 1\n')).toBeNull()
  })
})
