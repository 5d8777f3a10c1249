/** A refused construct, thrown inside the resolver and turned into one diagnostic by its caller. */
import type { Loc } from './diagnostics.ts'
import type { Code } from './diagnostics.ts'

export class Refusal extends Error {
  readonly code: Code
  readonly loc: Loc
  constructor(code: Code, message: string, loc: Loc) {
    super(message)
    this.code = code
    this.loc = loc
  }
}
