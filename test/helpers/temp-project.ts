/** A project written to a fresh temporary folder, as a test builds one: each path (relative) with its text. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

/** Writes `files` under `root`, making their folders. */
export function writeFiles(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}

/** A new folder `<tmp>/<prefix>XXXXXX` holding `files`; the caller removes it. */
export function tempProject(prefix: string, files: Record<string, string | Uint8Array>): string {
  const root = mkdtempSync(join(tmpdir(), prefix))
  writeFiles(root, files)
  return root
}
