/**
 * Build-time constants: the value of an expression TypeScript itself folds to a literal (an enum
 * member's initializer, a parameter default). Literals, `-x`/`~x`, arithmetic, bit operators, string
 * concatenation and templates of constants, `as const`; names and `E.member` through the caller's lookups.
 * Parameter defaults may also be JSON arrays and objects of constants (`= []`, `= { unit: 'c' }`), and
 * members of them (`Sizes.M`, `Steps[0]`).
 */
import type { JsonConstant, Literal } from './ir.ts'

export interface ConstantScope {
  /** The value a bare name stands for, or undefined when it is not a constant. */
  name(name: string): JsonConstant | undefined
  /** The value of `object.member` when `object` (a name, or a dotted path through namespaces: `NS.E`) is an enum, or undefined. */
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

/** The literal value of `node`, or undefined when it is not one (a call, a variable, an array…). */
export function constantValue(node: any, scope: ConstantScope): Literal | undefined {
  const value = fold(node, scope)
  return isLiteral(value) ? value : undefined
}

/** The JSON value of `node` (a literal, or an array or object of constants), or undefined when it is not one. */
export function constantJson(node: any, scope: ConstantScope): JsonConstant | undefined {
  return finite(fold(node, scope))
}

/** JSON has no NaN or Infinity: a value that folds to one is not a JSON constant. */
const finite = (v: JsonConstant | undefined): JsonConstant | undefined => (typeof v === 'number' && !Number.isFinite(v) ? undefined : v)

/**
 * An array or object literal without `as const` (through parentheses, `satisfies` and other assertions): a name
 * bound to one is not a constant, since any code may change the value. `as const` makes it readonly.
 */
export function isMutableLiteral(node: any): boolean {
  for (;;) {
    if (node?.type === 'TSAsExpression' && node.typeAnnotation?.type === 'TSTypeReference' && node.typeAnnotation.typeName?.name === 'const') return false
    if (!['ParenthesizedExpression', 'TSAsExpression', 'TSSatisfiesExpression', 'TSNonNullExpression', 'TSTypeAssertion'].includes(node?.type)) break
    node = node.expression
  }
  return node?.type === 'ArrayExpression' || node?.type === 'ObjectExpression'
}

const isLiteral = (v: JsonConstant | undefined): v is Literal =>
  typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v))

/** An object key as written (`a`, `'a'`, `1`), or undefined for a computed one. */
function keyOf(property: any): string | undefined {
  if (property.computed) return undefined
  const key = property.key
  if (key.type === 'Identifier') return key.name
  return key.type === 'StringLiteral' || key.type === 'NumericLiteral' ? String(key.value) : undefined
}

const isBigInt = (node: any): boolean => node?.type === 'BigIntLiteral' || (node?.type === 'UnaryExpression' && node.argument?.type === 'BigIntLiteral')

/** `A` or `A.B.C` (names only) as text, else undefined. */
function dotted(node: any): string | undefined {
  if (node.type === 'Identifier') return node.name
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier') return undefined
  const left = dotted(node.object)
  return left === undefined ? undefined : `${left}.${node.property.name}`
}

function fold(node: any, scope: ConstantScope): JsonConstant | undefined {
  switch (node?.type) {
    case 'NullLiteral': return null
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral': return node.value
    // A bigint travels as its decimal string (`10n` → "10"); it takes part in no arithmetic here.
    case 'BigIntLiteral': return BigInt(node.value).toString()
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
    case 'ArrayExpression': {
      const out: JsonConstant[] = []
      for (const element of node.elements) {
        // No holes and no spreads: each element is written.
        const v = element && element.type !== 'SpreadElement' ? finite(fold(element, scope)) : undefined
        if (v === undefined) return undefined
        out.push(v)
      }
      return out
    }
    case 'ObjectExpression': {
      const out: { [key: string]: JsonConstant } = {}
      for (const property of node.properties) {
        const key = property.type === 'ObjectProperty' ? keyOf(property) : undefined
        const v = key === undefined || key === '__proto__' ? undefined : finite(fold(property.value, scope))
        if (v === undefined) return undefined
        out[key!] = v
      }
      return out
    }
    case 'UnaryExpression': {
      if (node.operator === '-' && node.argument.type === 'BigIntLiteral') return (-BigInt(node.argument.value)).toString()
      if (isBigInt(node.argument)) return undefined
      const v = fold(node.argument, scope)
      if (typeof v !== 'number') return undefined
      return node.operator === '-' ? -v : node.operator === '+' ? v : node.operator === '~' ? ~v : undefined
    }
    case 'BinaryExpression': {
      if (isBigInt(node.left) || isBigInt(node.right)) return undefined
      const a = fold(node.left, scope)
      const b = fold(node.right, scope)
      if ((typeof a !== 'string' && typeof a !== 'number') || (typeof b !== 'string' && typeof b !== 'number')) return undefined
      if (node.operator === '+') return typeof a === 'string' || typeof b === 'string' ? String(a) + String(b) : a + b
      const op = Object.hasOwn(NUMERIC, node.operator) ? NUMERIC[node.operator]! : undefined
      return op !== undefined && typeof a === 'number' && typeof b === 'number' ? op(a, b) : undefined
    }
    case 'Identifier': return scope.name(node.name)
    case 'MemberExpression': {
      const key = node.computed ? fold(node.property, scope) : node.property.name
      if (typeof key !== 'string' && typeof key !== 'number') return undefined
      const path = dotted(node.object)
      const member = path !== undefined ? scope.member(path, String(key)) : undefined
      if (member !== undefined) return member
      // A member of a constant array or object (`Sizes.M`, `Steps[0]`): its own properties only.
      const object = fold(node.object, scope)
      return object !== null && typeof object === 'object' && Object.hasOwn(object, key) ? (object as Record<string, JsonConstant>)[key] : undefined
    }
    default: return undefined
  }
}
