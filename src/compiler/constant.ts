/**
 * Build-time constants: the value of an expression TypeScript itself folds to a literal (an enum
 * member's initializer, a parameter default). Literals, `-x`/`~x`, arithmetic, bit operators, string
 * concatenation and templates of constants, `as const`; names and `E.member` through the caller's lookups.
 */
import type { Literal } from './ir.ts'

export interface ConstantScope {
  /** The value a bare name stands for, or undefined when it is not a constant. */
  name(name: string): Literal | undefined
  /** The value of `object.member` (an enum member), or undefined. */
  member(object: string, member: string): Literal | undefined
}

const NUMERIC: Record<string, (a: number, b: number) => number> = {
  '-': (a, b) => a - b, '*': (a, b) => a * b, '/': (a, b) => a / b, '%': (a, b) => a % b, '**': (a, b) => a ** b,
  '|': (a, b) => a | b, '&': (a, b) => a & b, '^': (a, b) => a ^ b, '<<': (a, b) => a << b, '>>': (a, b) => a >> b, '>>>': (a, b) => a >>> b,
}

const NO_NAMES: ConstantScope = { name: () => undefined, member: () => undefined }

/** The value of a literal type's literal (`'a'`, `-1`, `true`, a plain template): a constant without names. */
export function literalValue(node: any): Literal | undefined {
  return constantValue(node, NO_NAMES)
}

/** The constant value of `node`, or undefined when it is not one (a call, a variable, an object…). */
export function constantValue(node: any, scope: ConstantScope): Literal | undefined {
  const value = fold(node, scope)
  return typeof value === 'number' && !Number.isFinite(value) ? undefined : value
}

function fold(node: any, scope: ConstantScope): Literal | undefined {
  switch (node?.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral': return node.value
    case 'TemplateLiteral': {
      let out = node.quasis[0].value.cooked as string
      for (let i = 0; i < node.expressions.length; i++) {
        const v = fold(node.expressions[i], scope)
        if (v === undefined) return undefined
        out += String(v) + node.quasis[i + 1].value.cooked
      }
      return out
    }
    case 'ParenthesizedExpression':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'TSTypeAssertion': return fold(node.expression, scope)
    case 'UnaryExpression': {
      const v = fold(node.argument, scope)
      if (typeof v !== 'number') return undefined
      return node.operator === '-' ? -v : node.operator === '+' ? v : node.operator === '~' ? ~v : undefined
    }
    case 'BinaryExpression': {
      const a = fold(node.left, scope)
      const b = fold(node.right, scope)
      if (a === undefined || b === undefined || typeof a === 'boolean' || typeof b === 'boolean') return undefined
      if (node.operator === '+') return typeof a === 'string' || typeof b === 'string' ? String(a) + String(b) : a + b
      const op = Object.hasOwn(NUMERIC, node.operator) ? NUMERIC[node.operator]! : undefined
      return op !== undefined && typeof a === 'number' && typeof b === 'number' ? op(a, b) : undefined
    }
    case 'Identifier': return scope.name(node.name)
    case 'MemberExpression': {
      if (node.object.type !== 'Identifier') return undefined
      const key = node.computed ? (node.property.type === 'StringLiteral' ? node.property.value : undefined) : node.property.name
      return key === undefined ? undefined : scope.member(node.object.name, key)
    }
    default: return undefined
  }
}
