/**
 * Test helper: compiles a schema with compileValidator and loads the generated code as a real ES module,
 * its `mcp-aot/internal` import pointed at src/runtime/internal.ts.
 */
import { RUNTIME_IMPORT } from '../../src/compiler/schema/validator-code.ts'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL, fileURLToPath } from 'node:url'
import { compileValidator, moduleValidators } from '../../src/compiler/schema/validator.ts'
import { validatorSource } from '../../src/compiler/schema/validator-modules.ts'
import { argumentErrors } from '../../src/runtime/call/arg-errors.ts'
import type { ValidateFn } from '../../src/runtime/shared/table.ts'

const internal = pathToFileURL(fileURLToPath(new URL('../../src/runtime/internal.ts', import.meta.url))).href
const dir = mkdtempSync(join(tmpdir(), 'mcp-aot-validator-'))
let count = 0

/** Writes a module holding the given validators (`export const v0 = …`) and imports it. */
export async function loadModule(expressions: Record<string, string>): Promise<Record<string, ValidateFn>> {
  const body = Object.entries(expressions).map(([name, code]) => `export const ${name} = ${code}`)
  const source = [RUNTIME_IMPORT.replace("'mcp-aot/internal'", JSON.stringify(internal)), ...body, ''].join('\n')
  const file = join(dir, `validators-${count++}.mjs`)
  writeFileSync(file, source)
  try {
    return await import(pathToFileURL(file).href)
  } finally {
    rmSync(file, { force: true })
  }
}

/**
 * The validators of `schemas` as generated code holds them (moduleValidators): each validator module of its
 * own imported, the rest compiled together; in the order of `schemas`.
 */
export async function loadEmitted(schemas: Record<string, object>): Promise<ValidateFn[]> {
  const { alone, group } = moduleValidators(schemas)
  const together = group ? ((await loadModule({ all: group.expression })).all as unknown as ValidateFn[]) : []
  const modules = new Map<string, ValidateFn>()
  for (const id of new Set(Object.values(alone))) {
    const file = join(dir, `validator-${id}.mjs`)
    writeFileSync(file, validatorSource(id).replace("'mcp-aot/internal'", JSON.stringify(internal)))
    modules.set(id, (await import(pathToFileURL(file).href)).default)
    rmSync(file, { force: true })
  }
  return Object.keys(schemas).map((name) => (name in alone ? modules.get(alone[name]!)! : together[group!.names.indexOf(name)]!))
}

export async function load(schema: object): Promise<ValidateFn> {
  return (await loadModule({ v0: compileValidator(schema, 'v0') })).v0!
}

/** A closed object, as the compiler writes a tool's input schema. */
export function closed(properties: Record<string, object>, required: string[] = Object.keys(properties)): object {
  const schema: Record<string, unknown> = { type: 'object', properties }
  if (required.length > 0) schema.required = required
  schema.additionalProperties = false
  return schema
}

/** The argument error lines for `args` (empty when valid). */
export function linesFor(validate: ValidateFn, args: unknown): string[] {
  return validate(args) ? [] : argumentErrors(validate.errors ?? [])
}
