/**
 * A declaration's signature: its parameters (the arguments as IR properties, defaults, a flattened object
 * parameter, the injected ToolContext and AbortSignal) and its return type (the result plan and output
 * schema), checked per kind (a resource's URI template variables, a prompt's string arguments).
 */
import type { ResultPlan } from '../../runtime/shared/table.ts'
import type { Candidate, Declaration } from './declaration.ts'
import { fitsDefault } from '../types/defaults.ts'
import { deref, type JsonConstant, type Prop, type TypeIR } from '../types/ir.ts'
import { splitParam, type JsDoc, type JsDocTag } from '../source/jsdoc.ts'
import { constantJson } from '../types/constant.ts'
import { PROTO_MESSAGE } from '../types/objects.ts'
import { openUnions } from '../types/open-unions.ts'
import { projection } from '../schema/plans.ts'
import { locAt, locOf, type SourceFile } from '../source/project.ts'
import type { Code } from '../diagnostics.ts'
import { Refusal } from '../refusal.ts'
import { Resolver } from '../types/resolve.ts'
import type { Env, Resolved } from '../types/reader.ts'
import { rootSchema } from '../schema/schema.ts'
import { inferredType, typeToWrite } from '../types/default-type.ts'
import { outputSize, overBudget } from '../schema/size.ts'
import { templateVariables } from './uri-template.ts'
import { tagLoc } from './tag-values.ts'

/**
 * A parameter default's value, as TypeScript would fold it: a literal, a const bound to one (through
 * imports and chains of consts), an enum member, an expression of those, or an array or object of
 * constants (`= []`, `= { unit: 'c' }`, a member of an `as const` one). Anything known only at run time is
 * refused: the schema's `default` must be the value the function really uses.
 */
function defaultValue(file: SourceFile, resolver: Resolver, node: any, name: string): JsonConstant | undefined {
  if (node.type === 'NullLiteral' || (node.type === 'Identifier' && node.name === 'undefined')) return undefined // no JSON default to show
  const value = constantJson(node, resolver.constants(file))
  if (value !== undefined && value !== null) return value
  const text = file.source.slice(node.start, node.end)
  throw new Refusal('MCP035', `The default of '${name}' (${text.length > 40 ? text.slice(0, 39) + '…' : text}) is not a literal, a const bound to one or an enum member, so the build cannot check it against the schema or show it to the model. Write the literal (${name} = 5, ${name} = [] or an object of literals), a const of one (an array or object one \`as const\`); for a value computed at run time, make the parameter optional (${name}?: T) and compute it inside.`, locOf(file, node))
}

/**
 * MCP008: a parameter without a type whose default gives none TypeScript could turn into JSON (or without a
 * default), with a type to write that fits the default.
 */
function untyped(file: SourceFile, resolver: Resolver, p: any, defaultNode: any): Refusal {
  const name = p.type === 'Identifier' ? p.name : undefined
  if (!name || !defaultNode) return new Refusal('MCP008', `Parameter ${name ? `'${name}' ` : ''}has no type annotation, so its schema is unknown. Write its type (${name ?? 'name'}: string).`, locOf(file, p))
  const text = file.source.slice(defaultNode.start, defaultNode.end)
  const shown = text.length > 40 ? text.slice(0, 39) + '…' : text
  if (defaultNode.type === 'Identifier' && defaultNode.name === 'undefined') {
    return new Refusal('MCP008', `Parameter '${name}' has no type annotation, and its default (undefined) gives TypeScript no type, so its schema is unknown. Write its type and leave the default out (${name}?: string).`, locOf(file, p))
  }
  const written = typeToWrite(constantJson(defaultNode, resolver.constants(file)), defaultNode)
  return new Refusal('MCP008', `Parameter '${name}' has no type annotation, and its default (${shown}) is not one the build infers a type from as TypeScript does (a boolean, number or string literal, or a non-empty array or object of them), so its schema is unknown. Write its type (${name}: ${written} = ${shown}).`, locOf(file, p))
}

interface ParamDoc {
  tag: JsDocTag
  name: string
  text: string
}

/** The parameters: runtime-filled slots, plain arguments, or one destructured object flattened into arguments. */
export function parameters(file: SourceFile, resolver: Resolver, c: Candidate, doc: JsDoc, decl: Declaration, report: (e: unknown) => void): void {
  const env: Env = { file, params: new Map() }
  const docs: ParamDoc[] = doc.tags.filter((t) => t.name === 'param').map((t) => ({ tag: t, ...splitParam(t.value) }))
  const used = new Set<string>()
  for (const raw of c.fn.params) {
    try {
      const p = raw.type === 'AssignmentPattern' ? raw.left : raw
      const defaultNode = raw.type === 'AssignmentPattern' ? raw.right : undefined
      if (p.type === 'Identifier') used.add(p.name) // its @param line is matched even when the parameter is refused
      if (p.type === 'RestElement') throw new Refusal('MCP004', 'Rest parameters are not part of the contract: a tool takes named arguments. Declare an array parameter (items: string[]) instead.', locOf(file, p))
      if (p.type === 'Identifier' && p.name === 'this') throw new Refusal('MCP006', 'A this parameter is not part of the contract. Remove it and pass what you need as an argument.', locOf(file, p))
      // Without a type, a default's: as TypeScript infers it (default-type.ts).
      const typeNode = p.typeAnnotation?.typeAnnotation ?? (p.type === 'Identifier' && defaultNode ? inferredType(defaultNode) : undefined)
      if (!typeNode) throw untyped(file, resolver, p, defaultNode)
      const r: Resolved = resolver.resolve(typeNode, env)
      if (r.kind === 'special' && (r.name === 'context' || r.name === 'signal')) injected(file, decl, r.name, p)
      else if (p.type === 'ObjectPattern') flattened(file, resolver, env, decl, p, openUnions(resolver.asValue(r, env, typeNode)), docs, used)
      else if (p.type !== 'Identifier') throw new Refusal('MCP009', 'Array destructuring is not part of the contract. Use a named parameter.', locOf(file, p))
      else plainArgument(file, resolver, env, decl, p, r, typeNode, defaultNode, docs)
    } catch (e) {
      report(e)
    }
  }
  const kinds = new Set(decl.slots.map((s) => s.kind))
  if (kinds.has('all') && kinds.has('arg')) {
    report(new Refusal('MCP009', 'Write either one destructured object parameter or plain parameters, not both: their properties would share one argument list.', locOf(file, c.fn)))
  }
  const lines = new Map<string, ParamDoc>()
  for (const d of docs) {
    const first = lines.get(d.name)
    if (first) report(new Refusal('MCP030', `@param ${d.name} is written twice (first at line ${locAt(file, first.tag.offset).line}). Keep one line per parameter.`, locAt(file, d.tag.offset)))
    else lines.set(d.name, d)
  }
  for (const d of lines.values()) {
    if (!used.has(d.name)) report(new Refusal('MCP030', `@param ${d.name} names no parameter of ${c.binding}. Correct the name, or remove the line.`, locAt(file, d.tag.offset)))
  }
}

/** A `ToolContext` or `AbortSignal` parameter: filled in by the runtime, at most one of each. */
function injected(file: SourceFile, decl: Declaration, slot: 'context' | 'signal', p: any): void {
  if (decl.slots.some((s) => s.kind === slot)) {
    throw new Refusal('MCP007', `At most one ${slot === 'context' ? 'ToolContext' : 'AbortSignal'} parameter: the runtime fills in one. Remove the extra one.`, locOf(file, p))
  }
  decl.slots.push({ kind: slot })
}

function plainArgument(file: SourceFile, resolver: Resolver, env: Env, decl: Declaration, p: any, r: Resolved, typeNode: any, defaultNode: any, docs: readonly ParamDoc[]): void {
  if (p.name === '__proto__') throw new Refusal('MCP020', PROTO_MESSAGE('A parameter'), locOf(file, p))
  const prop: Prop = { name: p.name, type: openUnions(resolver.asValue(r, env, typeNode)), optional: Boolean(p.optional) || defaultNode !== undefined || r.kind === 'optional', loc: locOf(file, p) }
  const text = docs.find((d) => d.name === p.name)?.text
  if (text) prop.description = text
  if (defaultNode) prop.default = defaultValue(file, resolver, defaultNode, p.name)
  checkDefault(prop, defaultNode, file)
  decl.props.push(prop)
  decl.slots.push({ kind: 'arg', name: p.name })
}

/**
 * One destructured object parameter: its type's properties are the arguments, defaults come from the
 * pattern, descriptions from the property's JSDoc or a `@param root.prop` line.
 */
function flattened(file: SourceFile, resolver: Resolver, env: Env, decl: Declaration, p: any, declared: TypeIR, docs: readonly ParamDoc[], used: Set<string>): void {
  const type = deref(declared)
  if (decl.slots.some((s) => s.kind === 'all')) throw new Refusal('MCP009', 'Only one destructured object parameter is flattened into arguments. Merge them into one type.', locOf(file, p))
  if (type.kind !== 'object' || type.rest) {
    throw new Refusal('MCP009', 'A destructured parameter must have an object type with named properties (an interface or object type), since its properties become the arguments.', locOf(file, p.typeAnnotation.typeAnnotation))
  }
  // One root for all @param lines of the pattern (JSDoc's name for the destructured parameter, any word); a
  // second root names nothing.
  const root = docs.map((d) => d.name.split('.')).find((parts) => parts.length > 1 || !type.props.some((q) => q.name === parts[0]))?.[0]
  for (const prop of type.props) {
    const pattern = p.properties.find((q: any) => q.type === 'ObjectProperty' && !q.computed && (q.key.name ?? q.key.value) === prop.name)
    const defaultNode = pattern?.value.type === 'AssignmentPattern' ? pattern.value.right : undefined
    const copy: Prop = { ...prop }
    if (defaultNode) {
      copy.optional = true
      copy.default = defaultValue(file, resolver, defaultNode, prop.name)
    }
    const line = docs.find((d) => d.name === `${root}.${prop.name}`)
    if (line) {
      used.add(line.name)
      if (!copy.description && line.text) copy.description = line.text
    }
    checkDefault(copy, defaultNode, file)
    decl.props.push(copy)
  }
  // The root's own @param line (`@param args The search.`) names the whole parameter; deeper lines
  // (`@param args.customer.name`) describe what is inside a property.
  for (const d of docs) {
    const [first, prop] = d.name.split('.')
    if (first !== root) continue
    if (prop === undefined || type.props.some((q) => q.name === prop)) used.add(d.name)
  }
  decl.slots.push({ kind: 'all' })
}

function checkDefault(prop: Prop, node: any, file: SourceFile): void {
  if (prop.default === undefined) return
  if (!fitsDefault(prop.type, prop.default)) {
    throw new Refusal('MCP022', `The default ${JSON.stringify(prop.default)} of '${prop.name}' is refused by its own schema, so a model that sends it would get an error. Use a default the type accepts, or widen the type.`, node ? locOf(file, node) : prop.loc!)
  }
}

/** Refusals that say the build could not read a return type, not that no JSON value has it. */
const UNREAD = new Set<Code>(['MCP010', 'MCP016', 'MCP017', 'MCP018', 'MCP020', 'MCP034'])

export function result(file: SourceFile, resolver: Resolver, c: Candidate, decl: Declaration, report: (e: unknown) => void): void {
  const node = c.fn.returnType?.typeAnnotation
  if (!node) return // undeclared: decided from the value at run time
  const env: Env = { file, params: new Map() }
  let r: Resolved
  try {
    r = resolver.resolve(node, env)
  } catch (e) {
    if (e instanceof Refusal) {
      // A type the build cannot read (not found, syntax outside the contract, a class) costs the tool its
      // outputSchema, as an undeclared return type does, with a warning; one no JSON value has is an error.
      if (e.noJson !== undefined) report(new Refusal('MCP029', `The return type cannot be described: ${e.noJson} is a class whose instances carry no JSON data, so the client would get {}. Return the data itself: a string, an object type of JSON values, or content (ToolResult).`, e.loc))
      else if (UNREAD.has(e.code)) decl.unreadResult = { message: e.message, loc: e.loc }
      else report(new Refusal('MCP029', `The return type cannot be described: ${e.message}`, e.loc))
      return
    }
    throw e
  }
  if (r.kind === 'special' && r.name === 'promise') r = r.inner!
  if (r.kind === 'object' || r.kind === 'ref') r = openUnions(r)
  if (r.kind === 'object' || r.kind === 'object-any' || (r.kind === 'ref' && r.type().kind === 'object')) {
    const size = outputSize(r)
    if (size > resolver.schemaBudget) {
      report(new Refusal('MCP039', overBudget(`The output schema of tool '${decl.name}'`, [r], size, resolver.schemaBudget, resolver.origins), locOf(file, node)))
      return
    }
  }
  decl.result = plan(r, decl)
}

function plan(r: Resolved, decl: Declaration): ResultPlan {
  switch (r.kind) {
    case 'void':
    case 'undefined': return { kind: 'void' }
    case 'special': return r.name === 'result' ? { kind: 'raw' } : r.name === 'content' ? { kind: 'content' } : { kind: 'inspect' }
    case 'any': return { kind: 'inspect' }
    case 'string': return { kind: 'text' }
    case 'enum': return r.values.every((v) => typeof v === 'string') ? { kind: 'text' } : { kind: 'json' }
    // `string | null`, `string | undefined`: the string is one text part, null/undefined no content.
    case 'optional':
    case 'nullable': {
      const inner = r.inner.kind === 'nullable' ? r.inner.inner : r.inner
      return isStringLike(inner) ? { kind: 'text' } : jsonPlan(r.kind === 'optional' ? r.inner : r)
    }
    case 'object':
    case 'object-any':
    case 'ref': {
      if (r.kind === 'ref' && r.type().kind !== 'object') return jsonPlan(r)
      decl.outputSchema = rootSchema(r)
      const defs = { shapes: [], index: new Map() }
      const shape = projection(r, defs)
      return defs.shapes.length > 0 ? { kind: 'structured', shape, defs: defs.shapes } : { kind: 'structured', shape }
    }
    default: return jsonPlan(r as TypeIR)
  }
}

/**
 * A result sent as JSON text (an array, a union, a nullable object, …): projected to the declared type
 * like structuredContent (unions opened as for arguments), so a row's undeclared fields stay on the server.
 */
function jsonPlan(type: TypeIR): ResultPlan {
  const defs = { shapes: [], index: new Map() }
  const shape = projection(openUnions(type), defs)
  if (shape === 0) return { kind: 'json' }
  return defs.shapes.length > 0 ? { kind: 'json', shape, defs: defs.shapes } : { kind: 'json', shape }
}

export function checkResourceParams(file: SourceFile, decl: Declaration, tag: JsDocTag): void {
  const vars = templateVariables(decl.uri!)
  const args = decl.props.map((p) => p.name)
  const missing = vars.filter((v) => !args.includes(v))
  const extra = args.filter((a) => !vars.includes(a))
  if (missing.length > 0 || extra.length > 0) {
    const parts = []
    if (missing.length) parts.push(`the template's {${missing.join('}, {')}} ${missing.length === 1 ? 'has' : 'have'} no parameter`)
    if (extra.length) parts.push(`parameter${extra.length === 1 ? '' : 's'} ${extra.join(', ')} ${extra.length === 1 ? 'is' : 'are'} not in the template`)
    throw new Refusal('MCP031', `${decl.uri}: ${parts.join(' and ')}. Name each template variable as a string parameter, and nothing else (besides ToolContext/AbortSignal).`, tagLoc(file, tag))
  }
  for (const p of decl.props) {
    if (!isStringLike(p.type)) {
      throw new Refusal('MCP031', `Template variable '${p.name}' arrives as text, so its parameter must be a string type (string, a string literal union, a format type).`, p.loc!)
    }
  }
}

export function checkPromptParams(decl: Declaration, report: (e: unknown) => void): void {
  for (const p of decl.props) {
    if (!isStringLike(p.type)) {
      report(new Refusal('MCP020', `Prompt argument '${p.name}' arrives as text (prompt arguments are strings), so it must be a string type (string, a string literal union, a format type).`, p.loc!))
    }
  }
}

function isStringLike(t: TypeIR): boolean {
  return t.kind === 'string' || (t.kind === 'enum' && t.values.every((v) => typeof v === 'string'))
}
