/** The value of a literal node (a literal type's literal, or a parameter default): string, number, negative number, boolean, plain template. */
import type { Literal } from './ir.ts'

export function literalValue(node: any): Literal | undefined {
  switch (node?.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral': return node.value
    case 'UnaryExpression': return node.operator === '-' && node.argument.type === 'NumericLiteral' ? -node.argument.value : undefined
    case 'TemplateLiteral': return node.expressions.length === 0 ? node.quasis[0].value.cooked : undefined
    default: return undefined
  }
}
