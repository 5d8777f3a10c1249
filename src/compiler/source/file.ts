/** A source file the compiler read: its text, its Babel AST, its locations (project.ts reads it). */
export interface SourceFile {
  path: string
  /** Path shown in diagnostics and tables: relative to the project root, with `/`. */
  display: string
  source: string
  ast: any
  isDeclaration: boolean
  lineStarts: number[]
  /** Modification time when read from disk; -1 for text handed in by the bundler. */
  mtime: number
  /** For the body of a `namespace` (a scope of its own inside this file): the enclosing scope. */
  parent?: SourceFile
  /** For the body of `declare module './m' { … }` (augment.ts): the module augmented, whose exports are in scope. */
  augments?: SourceFile
  /** For `declare module 'x'` written without a body (ambient.ts): every name it exports is `any`, as in TypeScript. */
  shorthand?: boolean
}

/** The 1-based line of `offset`, given the offsets at which lines start. */
export function lineAt(lineStarts: readonly number[], offset: number): number {
  let lo = 0
  let hi = lineStarts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (lineStarts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}
