/**
 * What the resolver's helpers see of it (globals.ts, members.ts, enums.ts take it as an argument, so none
 * of them imports resolve.ts): the meanings a type node can have, the scope it is read in, and the
 * resolver's public reading methods.
 */
import type { Literal, Prop, TypeIR } from './ir.ts'
import type { Project, SourceFile } from '../source/project.ts'
import type { ObjectIR } from './objects.ts'
import type { Tag } from './tags.ts'
import type { Refusal } from '../refusal.ts'

/** What a type node can mean before it is known to be an argument value. */
export type Resolved =
  | TypeIR
  | Tag
  | { kind: 'null' }
  | { kind: 'undefined' }
  | { kind: 'void' }
  | { kind: 'optional'; inner: TypeIR } // T | undefined
  | { kind: 'special'; name: 'context' | 'signal' | 'result' | 'content' | 'promise'; inner?: Resolved }
  /** An object type whose keys are all unique symbols (`{ readonly [brand]: 'UserId' }`): a brand, no JSON value. */
  | { kind: 'brand' }
  /** `typeof f` of a function: what `ReturnType` reads (its declared return type, read in `file`). */
  | { kind: 'function'; name: string; returns?: any; file: SourceFile }

/**
 * An object body as read so far: its properties, its index signature, whether `[k: string]: never` closed
 * it, and the keys declared `?: never` / `?: undefined` (no JSON value may carry them).
 */
export interface Members {
  props: Prop[]
  rest?: TypeIR
  /** The pattern the index signature's keys must match (a template literal key type). */
  keys?: string
  closed?: boolean
  absent?: string[]
  /** Members keyed by a unique symbol (`[brand]: 'UserId'`), which no JSON value carries. */
  symbols?: number
}

export interface Env {
  file: SourceFile
  /** Type parameters of the generic declaration being instantiated. */
  params: ReadonlyMap<string, Resolved>
}

/** The resolver as its helpers call it. */
export interface Reader {
  readonly project: Project
  /** `noJson`: the class the refused type is, when its instances carry no JSON data (Refusal). */
  refuse(code: ConstructorParameters<typeof Refusal>[0], message: string, env: Env, node: any, noJson?: string): never
  value(node: any, env: Env): TypeIR
  asValue(r: Resolved, env: Env, node: any): TypeIR
  resolve(node: any, env: Env): Resolved
  array(itemNode: any, env: Env): Resolved
  literal(lit: any, env: Env): Literal
  objectOf(r: Resolved, what: string, env: Env, node: any): ObjectIR
}

/** The declaration an `export` (named or default) wraps, or the node itself. */
export const declarationNode = (node: any): any => (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration' ? node.declaration : node)

/** `(T)` as `T`. */
export const unparenthesized = (node: any): any => (node.type === 'TSParenthesizedType' ? unparenthesized(node.typeAnnotation) : node)

