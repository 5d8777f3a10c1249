/** Types of validators.gen.js, which build.ts writes (it is not committed). */
import type { ValidateFn } from '../../../src/runtime/shared/table.ts'

export declare const echo: ValidateFn
export declare const add: ValidateFn
export declare const create_order: ValidateFn
/** `{"tools":[…]}` as JSON text. */
export declare const TOOLS_LIST: string
