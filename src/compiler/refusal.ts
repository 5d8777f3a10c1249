/** A refused construct, thrown inside the resolver and turned into one diagnostic by its caller. */
import type { Loc } from './diagnostics.ts'
import type { Code } from './diagnostics.ts'

export class Refusal extends Error {
  readonly code: Code
  readonly loc: Loc
  /**
   * For a class whose instances carry no JSON data (a platform class such as Response or Blob, an ambient
   * `declare class`, a class without data fields): its name. A return type of one is an error, not a warning.
   */
  readonly noJson?: string
  constructor(code: Code, message: string, loc: Loc, noJson?: string) {
    super(message)
    this.code = code
    this.loc = loc
    if (noJson !== undefined) this.noJson = noJson
  }
}
