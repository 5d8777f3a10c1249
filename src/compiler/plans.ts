/** From the type IR: how arguments are revived and how a declared result is sent (table.ts's plans). */
import type { Projection, RevivePlan } from '../runtime/table.ts'
import type { TypeIR } from './ir.ts'

export function revivePlan(type: TypeIR): RevivePlan {
  switch (type.kind) {
    case 'date': return 'date'
    case 'url': return 'url'
    case 'bigint': return 'bigint'
    case 'bytes': return 'bytes'
    case 'array': {
      const items = revivePlan(type.items)
      if (type.set) return { set: items }
      return items === 0 ? 0 : { items }
    }
    case 'tuple': {
      const elements = type.elements.map(revivePlan)
      return elements.every((e) => e === 0) ? 0 : { tuple: elements }
    }
    case 'object': {
      const rest = type.rest ? revivePlan(type.rest) : 0
      if (type.map) return { map: rest }
      const props: Record<string, RevivePlan> = {}
      for (const p of type.props) {
        const plan = revivePlan(p.type)
        if (plan !== 0) props[p.name] = plan
      }
      if (Object.keys(props).length === 0 && rest === 0) return 0
      return rest === 0 ? { props } : { props, rest }
    }
    case 'nullable': {
      const inner = revivePlan(type.inner)
      return inner === 0 ? 0 : { nullable: inner }
    }
    default: return 0
  }
}

/** Keeps only the declared properties of an object result (so structuredContent matches outputSchema). */
export function projection(type: TypeIR): Projection {
  switch (type.kind) {
    case 'object': {
      if (type.map) return 0
      const props: Record<string, Projection> = {}
      for (const p of type.props) props[p.name] = projection(p.type)
      return type.rest ? { props, rest: projection(type.rest) } : { props }
    }
    case 'array': {
      const items = projection(type.items)
      return items === 0 ? 0 : { items }
    }
    case 'nullable': {
      const inner = projection(type.inner)
      return inner === 0 ? 0 : { nullable: inner }
    }
    default: return 0
  }
}
