/** Where a command prints and in which folder it runs: the process's own streams, or a test's buffers. */
export interface Io {
  cwd: string
  out: { write(text: string): unknown }
  err: { write(text: string): unknown }
}
