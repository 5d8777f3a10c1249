/**
 * Global type names (not declared or imported in the file): Date, URL, Uint8Array, the collections, Promise,
 * the utility types SCHEMA.md evaluates, and the refusals for every other global.
 */
import type { TypeIR } from './ir.ts'
import { keyPattern, objectOrEmpty, objectType, PROTO_MESSAGE } from './objects.ts'
import type { Env, Reader, Resolved } from './reader.ts'
import { filterUnion } from './operators/filter.ts'

const UNSUPPORTED_GLOBALS = new Set(['Parameters', 'InstanceType', 'Uppercase', 'Lowercase', 'Capitalize', 'Uncapitalize', 'ConstructorParameters', 'ThisParameterType', 'OmitThisParameter'])

const WRAPPERS = new Set(['Object', 'String', 'Number', 'Boolean'])

const GLOBAL_CLASSES = new Set(['Error', 'RegExp', 'Blob', 'File', 'Request', 'Response', 'Headers', 'FormData', 'ArrayBuffer', 'SharedArrayBuffer', 'DataView', 'WeakMap', 'WeakSet', 'WeakRef', 'ReadableStream', 'WritableStream', 'URLSearchParams', 'Int8Array', 'Int16Array', 'Int32Array', 'Uint16Array', 'Uint32Array', 'Uint8ClampedArray', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Object', 'String', 'Number', 'Boolean', 'BigInt'])

export function resolveGlobal(r: Reader, name: string, args: any[], env: Env, node: any): Resolved {
  const arg = (i: number): any => {
    const a = args[i]
    if (!a) r.refuse('MCP016', `${name} needs its type argument${name === 'Map' || name === 'Record' ? 's' : ''} written out, such as ${name === 'Map' || name === 'Record' ? `${name}<string, number>` : `${name}<string>`}.`, env, node)
    return a
  }
  switch (name) {
    case 'Date': return { kind: 'date' }
    case 'URL': return { kind: 'url' }
    case 'Uint8Array': return { kind: 'bytes' }
    case 'AbortSignal': return { kind: 'special', name: 'signal' }
    case 'Array':
    case 'ReadonlyArray': return r.array(arg(0), env)
    case 'Set':
    case 'ReadonlySet': return { kind: 'array', items: r.value(arg(0), env), set: true }
    case 'Map':
    case 'ReadonlyMap':
    case 'Record': return keyed(r, name, arg(0), arg(1), env, node)
    case 'Promise':
    case 'PromiseLike': return { kind: 'special', name: 'promise', inner: r.resolve(arg(0), env) }
    case 'Partial':
    case 'Required':
    case 'Readonly': {
      const inner = r.resolve(arg(0), env)
      if (name === 'Readonly' || inner.kind === 'object-any') return inner // Partial<Record<string, unknown>> is itself
      const obj = r.objectOf(inner, name, env, node)
      if (name === 'Required' && obj.absent) {
        return r.refuse('MCP013', `Required<…> makes '${obj.absent[0]}', declared never, a required key, so no value has this type. Leave the key optional (Partial, or the type as it is), or Omit it first.`, env, node)
      }
      return objectOrEmpty(obj.props.map((p) => ({ ...p, optional: name === 'Partial' })), obj.rest, obj.absent, obj.keys)
    }
    case 'NonNullable': {
      // T & {}: null and undefined removed; unknown becomes {}.
      const inner = r.resolve(arg(0), env)
      const outer = inner.kind === 'optional' ? inner.inner : inner
      // A recursive type is looked into (`NonNullable<Json>`): its definition without null, its inner uses unchanged.
      const value = outer.kind === 'ref' ? (outer.type() as Resolved | undefined) ?? outer : outer
      if (value.kind !== 'nullable' && value.kind !== 'any') return outer
      return value.kind === 'nullable' ? value.inner : { kind: 'nonnull' }
    }
    case 'Pick':
    case 'Omit': {
      const obj = r.objectOf(r.resolve(arg(0), env), name, env, node)
      const keys = r.resolve(arg(1), env)
      if (keys.kind !== 'enum' || !keys.values.every((k) => typeof k === 'string' || typeof k === 'number')) {
        return r.refuse('MCP020', `${name}'s keys must be string or number literals: ${name}<T, 'a' | 'b'>.`, env, node)
      }
      // A number key (`Pick<Ports, 443>`) names the property written 443, as in tsc.
      const names = keys.values.map(String)
      const kept = (key: string) => names.includes(key) === (name === 'Pick')
      return objectOrEmpty(obj.props.filter((p) => kept(p.name)), obj.rest, obj.absent?.filter(kept), obj.keys)
    }
    case 'Exclude':
    case 'Extract': return filterUnion(r, name, args, env, node)
    case 'ReturnType': {
      // The declared return type of `typeof f` (the build infers none).
      const f = r.resolve(arg(0), env)
      if (f.kind !== 'function') return r.refuse('MCP020', 'ReturnType<…> reads the declared return type of a function here: write ReturnType<typeof load>.', env, node)
      if (!f.returns) return r.refuse('MCP020', `${f.name} has no declared return type, and the build infers none. Declare it (function ${f.name}(): Promise<Row>), or write the type out.`, env, node)
      return r.resolve(f.returns, { file: f.file, params: new Map() })
    }
    // NoInfer<T> only steers inference (type-fest's IsAny uses it): T itself.
    case 'NoInfer': return r.resolve(arg(0), env)
    case 'Awaited': {
      // Promise<T> (nested or not) is T; any other type is itself.
      let inner = r.resolve(arg(0), env)
      while (inner.kind === 'special' && inner.name === 'promise') inner = inner.inner!
      return inner
    }
    case 'Function': return r.refuse('MCP011', 'A function cannot travel as JSON. Pass the data the function would work on instead.', env, node)
    case 'Symbol': return r.refuse('MCP012', 'A symbol cannot travel as JSON. Use a string or a literal union instead.', env, node)
  }
  if (GLOBAL_CLASSES.has(name)) {
    // Only the primitive wrappers have a JSON form of their data; JSON.stringify gives {} for a Response, a Blob, a Headers.
    const message = `${name} is a class: a JSON argument arrives as plain data, never as a class instance. Use a string, an object type or Uint8Array for its data.`
    return r.refuse('MCP010', message, env, node, WRAPPERS.has(name) ? undefined : name)
  }
  if (UNSUPPORTED_GLOBALS.has(name)) {
    return r.refuse('MCP020', `${name}<…> is not part of the contract. Write the resulting type out.`, env, node)
  }
  return r.refuse('MCP018', `Cannot find the type ${name}. Declare or import it; of the global types, only Date, URL, Uint8Array, Array, Set, Map, Record, Promise and the utility types Partial, Required, Pick, Omit, Readonly, NonNullable are understood.`, env, node)
}

function keyed(r: Reader, name: string, keyNode: any, valueNode: any, env: Env, node: any): TypeIR {
  const key = r.resolve(keyNode, env)
  // Record<string, never>: no key may be present, the closed empty object.
  if (name === 'Record' && key.kind === 'string' && valueNode.type === 'TSNeverKeyword') return objectType([], undefined)
  const value = r.value(valueNode, env)
  if (key.kind === 'string') {
    // A template literal key type (`x-${string}`) keeps its pattern: other keys are refused, as tsc refuses them.
    const keys = keyPattern(key)
    if (name === 'Record' && value.kind === 'any' && keys === undefined) return { kind: 'object-any' }
    return { kind: 'object', props: [], rest: value, ...(keys !== undefined ? { keys } : {}), ...(name !== 'Record' ? { map: true } : {}) }
  }
  // Number literal keys (`Record<80 | 443, T>`, `Record<keyof Ports, T>`) are properties named by the number's text, as in tsc.
  if (name === 'Record' && key.kind === 'enum' && key.values.every((v) => typeof v === 'string' || typeof v === 'number')) {
    if (key.values.includes('__proto__')) r.refuse('MCP020', PROTO_MESSAGE('A Record key'), env, keyNode)
    return { kind: 'object', props: key.values.map((k) => ({ name: String(k), type: value, optional: false, ...(typeof k === 'number' ? { numeric: true } : {}) })) }
  }
  return r.refuse('MCP015', `JSON object keys are strings: write ${name}<string, T>${name === 'Record' ? " or Record<'a' | 'b', T>" : ''}.`, env, node)
}
