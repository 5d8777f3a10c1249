/** Tuples: required elements, then optional ones (`[A, B?]`), then one rest element last (`[A, ...B[]]`). */
import type { TypeIR } from '../ir.ts'
import type { Env, Reader } from '../reader.ts'

/** `[A, B?, ...C[]]`: required elements, then optional ones, then one rest element last. */
export function tupleType(r: Reader, node: any, env: Env): TypeIR {
  const elements: TypeIR[] = []
  let minItems: number | undefined
  let rest: TypeIR | undefined
  node.elementTypes.forEach((el: any, i: number) => {
    if (el.type === 'TSRestType') {
      if (i !== node.elementTypes.length - 1) {
        r.refuse('MCP024', 'A rest tuple element is part of the contract only last ([A, ...B[]]): JSON Schema cannot say where a rest in the middle ends. Move it last, or use an array.', env, el)
      }
      const inner = el.typeAnnotation.type === 'TSNamedTupleMember' ? el.typeAnnotation.elementType : el.typeAnnotation
      const spread = r.value(inner, env)
      if (spread.kind !== 'array' || spread.set || spread.minItems !== undefined || spread.maxItems !== undefined) {
        r.refuse('MCP024', 'A rest element spreads an array type here (...T[]). Write the elements out, or use an array.', env, el)
      }
      rest = spread.items
      return
    }
    const optional = el.type === 'TSOptionalType' || (el.type === 'TSNamedTupleMember' && el.optional)
    const type = r.value(el.type === 'TSOptionalType' ? el.typeAnnotation : el.type === 'TSNamedTupleMember' ? el.elementType : el, env)
    if (optional && minItems === undefined) minItems = elements.length
    elements.push(type)
  })
  if (rest && ![...elements, rest].every(plainTuplePart) && !elements.every((e) => JSON.stringify(e) === JSON.stringify(rest))) {
    r.refuse('MCP024', 'A rest element beside elements of other types is part of the contract only for strings, numbers, booleans and literals ([string, ...number[]]); here an element is revived or projected (a Date, an object…). Use an array of one type, or an object.', env, node)
  }
  const out: TypeIR = { kind: 'tuple', elements }
  if (minItems !== undefined) out.minItems = minItems
  if (rest) out.rest = rest
  return out
}

/** Elements a rest element may stand beside: nothing in them is revived or projected. */
const plainTuplePart = (t: TypeIR): boolean =>
  t.kind === 'string' || t.kind === 'number' || t.kind === 'boolean' || t.kind === 'enum' || t.kind === 'any' || (t.kind === 'nullable' && plainTuplePart(t.inner)) || (t.kind === 'union' && t.members.every(plainTuplePart))
