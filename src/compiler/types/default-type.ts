/**
 * A parameter written without a type but with a default (`dryRun = false`, `limit = 10`, `format = 'json'`):
 * the type TypeScript infers from the default, widened as tsc widens a parameter's (a boolean, number, string
 * or bigint literal gives boolean, number, string, bigint; an array of them an array of their union; an object
 * literal an object of its properties, each widened), as type syntax the resolver reads like any written
 * type. Nothing for a default tsc types as no JSON value (`null`, `undefined`, `[]`, `{}`) or as a name's type
 * (a const, an enum member): the parameter is refused (MCP008) with a type to write that fits the default.
 */
import type { JsonConstant } from './ir.ts'

/** A synthetic type node, located at the default it was inferred from. */
const at = (node: any, type: Record<string, unknown>) => ({ ...type, start: node.start, end: node.end, loc: node.loc })

/** The type tsc infers for a parameter from its default `node`, as a TS type node; undefined where inference gives no JSON type. */
export function inferredType(node: any): any {
  switch (node.type) {
    case 'BooleanLiteral':
      return at(node, { type: 'TSBooleanKeyword' })
    case 'NumericLiteral':
      return at(node, { type: 'TSNumberKeyword' })
    case 'StringLiteral':
      return at(node, { type: 'TSStringKeyword' })
    case 'BigIntLiteral':
      return at(node, { type: 'TSBigIntKeyword' })
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? at(node, { type: 'TSStringKeyword' }) : undefined
    case 'UnaryExpression': {
      // -1 is a number, -1n a bigint (+1n is no value).
      const inner = node.operator === '-' || node.operator === '+' ? inferredType(node.argument) : undefined
      return inner?.type === 'TSNumberKeyword' || (inner?.type === 'TSBigIntKeyword' && node.operator === '-') ? at(node, { type: inner.type }) : undefined
    }
    case 'ArrayExpression': {
      if (node.elements.length === 0 || node.elements.some((e: any) => !e || e.type === 'SpreadElement')) return undefined
      const types = node.elements.map(inferredType)
      if (types.some((t: any) => !t || !t.type.endsWith('Keyword'))) return undefined // objects and arrays in arrays: tsc's best common type, not read here
      const distinct = [...new Map(types.map((t: any) => [t.type, t])).values()]
      return at(node, { type: 'TSArrayType', elementType: distinct.length === 1 ? distinct[0] : at(node, { type: 'TSParenthesizedType', typeAnnotation: at(node, { type: 'TSUnionType', types: distinct }) }) })
    }
    case 'ObjectExpression': {
      if (node.properties.length === 0) return undefined
      const members = []
      for (const p of node.properties) {
        if (p.type !== 'ObjectProperty' || p.computed || p.shorthand || (p.key.type !== 'Identifier' && p.key.type !== 'StringLiteral')) return undefined
        const type = inferredType(p.value)
        if (!type) return undefined
        members.push(at(p, { type: 'TSPropertySignature', key: p.key, computed: false, optional: false, typeAnnotation: at(p.value, { type: 'TSTypeAnnotation', typeAnnotation: type }) }))
      }
      return at(node, { type: 'TSTypeLiteral', members })
    }
    default:
      return undefined
  }
}

/** A type to write for a default inference cannot type: after the value it folds to, when it folds (`LIMIT` → number). */
export function typeToWrite(value: JsonConstant | undefined, node: any): string {
  if (node.type === 'NullLiteral') return 'string | null'
  if (value === undefined || value === null) return 'string'
  if (Array.isArray(value)) return value.length === 0 ? 'string[]' : `${typeToWrite(value[0], {})}[]`
  if (typeof value === 'object') {
    const keys = Object.keys(value)
    return keys.length === 0 ? 'Record<string, string>' : `{ ${keys.map((k) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${typeToWrite(value[k], {})}`).join('; ')} }`
  }
  return typeof value
}
