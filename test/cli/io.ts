/** Runs the CLI in-process (src/cli/run.ts) in a folder and captures what it prints. */
import { run } from '../../src/cli/run.ts'

export interface Ran {
  code: number
  stdout: string
  stderr: string
}

export async function cli(cwd: string, ...argv: string[]): Promise<Ran> {
  let stdout = ''
  let stderr = ''
  const code = await run(argv, { cwd, out: { write: (t: string) => (stdout += t) }, err: { write: (t: string) => (stderr += t) } })
  return { code, stdout, stderr }
}
