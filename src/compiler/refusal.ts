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

/** Whether a path is an installed package's (under node_modules). */
export const inPackage = (path: string): boolean => /(?:^|[\\/])node_modules[\\/]/.test(path)

/**
 * `run`, whose refusals raised inside a package's files (when `fromUser`: the user's code names the package's
 * type `name` at `at`) are moved to `at`, naming the type and where in the package it failed: the user's line,
 * not the library's, is where something can be changed.
 */
export function atUse<T>(fromUser: boolean, name: string, at: Loc, run: () => T): T {
  if (!fromUser) return run()
  try {
    return run()
  } catch (e) {
    if (!(e instanceof Refusal) || !inPackage(e.loc.file)) throw e
    throw new Refusal(e.code, `In ${name} (${e.loc.file}:${e.loc.line}:${e.loc.column}): ${e.message}`, at, e.noJson)
  }
}
