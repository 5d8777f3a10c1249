/**
 * The skill folders the plugin's `skills` option names (`skills: 'skills'`: every folder under it holding a
 * SKILL.md is a skill, `skills/<name>/SKILL.md` → `skill://<name>/SKILL.md`), read when the build starts and
 * written into the module `mcp-aot/skills` (runtime/skills/: served over MCP, nothing read at run time). Each
 * file's sha256 digest and size are computed here from the very bytes the module carries, so the manifest
 * `skills/list` gives cannot drift from what resources/read serves.
 *
 * Checked as the Agent Skills specification and the extension (SEP-2640) say, each finding one diagnostic:
 * MCP053 (SKILL.md without readable YAML frontmatter), MCP054 (a name that is not a skill name or not its
 * folder's), MCP055 (a description missing, empty or over 1024 characters), MCP056 (a folder with no SKILL.md,
 * two skills at one URI, a skill over the extension's limits of 512 files and 16 MiB).
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { isMap, isScalar, LineCounter, parseDocument, type Document } from 'yaml'
import { CompileError, type Code, type Diagnostic } from '../diagnostics.ts'
import type { SkillEntry, SkillFile, SkillSet } from '../../runtime/skills/skills.ts'
import { SKILL_FILE } from './artifacts.ts'

/** The `skills` plugin option: a folder of skill folders (or one skill's folder), or several. */
export type SkillsOption = string | readonly string[]

/** The Agent Skills name rule: 1 to 64 lower-case letters, digits and single hyphens inside. */
const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/
const MAX_FILES = 512
const MAX_BYTES = 16 * 1024 * 1024
const MAX_DESCRIPTION = 1024

const MIME: Record<string, string> = {
  md: 'text/markdown', markdown: 'text/markdown', txt: 'text/plain', json: 'application/json', yaml: 'application/yaml',
  yml: 'application/yaml', toml: 'application/toml', csv: 'text/csv', xml: 'application/xml', html: 'text/html', css: 'text/css',
  js: 'text/javascript', mjs: 'text/javascript', ts: 'text/typescript', py: 'text/x-python', sh: 'text/x-shellscript',
  svg: 'image/svg+xml', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf',
}

export interface SkillFolders {
  readonly set: SkillSet
  /** Every file read, for the bundler's watch list. */
  readonly read: readonly string[]
}

const posix = (path: string) => path.split(/[\\/]/).join('/')
const segment = (name: string) => encodeURIComponent(name)
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The files under `dir`, as paths relative to it ('/'-separated), SKILL.md first; names starting with '.' are left out. */
function filesUnder(dir: string, at = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(dir, at), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (entry.name.startsWith('.')) continue
    const path = at ? `${at}/${entry.name}` : entry.name
    const stat = statSync(join(dir, path))
    if (stat.isDirectory()) out.push(...filesUnder(dir, path))
    else if (stat.isFile()) out.push(path)
  }
  return at === '' ? [...out.filter((p) => p === SKILL_FILE), ...out.filter((p) => p !== SKILL_FILE)] : out
}

/** The skill folders under `folder` (itself when it holds a SKILL.md), each with its skill path's segments. */
function skillDirs(folder: string, path: string[]): { dir: string; path: string[] }[] {
  const out = existsSync(join(folder, SKILL_FILE)) && statSync(join(folder, SKILL_FILE)).isFile() ? [{ dir: folder, path }] : []
  for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name.startsWith('.') || !statSync(join(folder, entry.name)).isDirectory()) continue
    out.push(...skillDirs(join(folder, entry.name), [...path, entry.name]))
  }
  return out
}

interface Frontmatter {
  value?: Record<string, unknown>
  /** Where a key's name is, as a location in SKILL.md. */
  keyAt(key: string): { line: number; column: number } | undefined
}

/** Why a frontmatter value has no JSON form (the entry carries it as JSON), or undefined. */
function unjson(value: unknown, path: string): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${value}, which JSON cannot carry`
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const why = unjson(value[i], `${path}[${i}]`)
      if (why) return why
    }
    return undefined
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, v] of Object.entries(value)) {
      const why = unjson(v, `${path}.${key}`)
      if (why) return why
    }
    return undefined
  }
  return `${path} is a ${typeof value === 'object' ? (value as object).constructor?.name ?? 'object' : typeof value}, which JSON cannot carry`
}

/** The YAML frontmatter of a SKILL.md (between a first line `---` and the next `---`), or a finding. */
function frontmatter(text: string, file: string, refuse: (code: Code, message: string, line?: number, column?: number) => void): Frontmatter | undefined {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const end = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line))
  if (lines[0] !== '---' || end < 0) {
    refuse('MCP053', `${file} does not begin with YAML frontmatter: its first line must be --- and a second --- must close the block, with name and description between them (---, name: <folder name>, description: <what it does and when to use it>, ---).`)
    return undefined
  }
  const counter = new LineCounter()
  const doc: Document = parseDocument(lines.slice(1, end).join('\n'), { lineCounter: counter, uniqueKeys: true, prettyErrors: false })
  const at = (offset: number) => {
    const pos = counter.linePos(offset)
    return { line: pos.line + 1, column: pos.col }
  }
  const error = doc.errors[0]
  if (error) {
    const pos = at(error.pos[0])
    refuse('MCP053', `The frontmatter of ${file} is not valid YAML: ${error.message.replace(/ at line \d+, column \d+.*$/s, '')}. Write it as YAML key: value lines (quote a value that holds a colon).`, pos.line, pos.column)
    return undefined
  }
  if (!isMap(doc.contents)) {
    refuse('MCP053', `The frontmatter of ${file} is not a YAML mapping: write key: value lines, name and description at least.`, 2, 1)
    return undefined
  }
  const map = doc.contents
  const value = doc.toJS({ maxAliasCount: 100 }) as Record<string, unknown>
  const why = unjson(value, 'frontmatter')
  if (why) {
    refuse('MCP053', `The frontmatter of ${file} has a value with no JSON form (${why}): skills/list carries the frontmatter as JSON, so quote it as a string.`, 2, 1)
    return undefined
  }
  return {
    value,
    keyAt(key) {
      const pair = map.items.find((p) => isScalar(p.key) && p.key.value === key)
      return pair && isScalar(pair.key) && pair.key.range ? at(pair.key.range[0]) : undefined
    },
  }
}

/** A skill name close to `name` that the rule accepts (`Notes_Skill` → `notes-skill`). */
const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64).replace(/-+$/, '') || 'my-skill'

/** Reads and checks the option's folders; throws one CompileError with every finding. */
export function readSkillFolders(root: string, option: SkillsOption): SkillFolders {
  const found: Diagnostic[] = []
  const texts = new Map<string, string>()
  const read: string[] = []
  const files: SkillFile[] = []
  const fileIndex = new Map<string, number>()
  const skills: SkillEntry[] = []
  const skillAt = new Map<string, string>()
  for (const folderOption of typeof option === 'string' ? [option] : option) {
    const folder = resolve(root, folderOption)
    const shown = posix(relative(root, folder)) || '.'
    const refuseFolder = (message: string) => found.push({ code: 'MCP056', message, loc: { file: shown, line: 1, column: 1 } })
    if (!existsSync(folder) || !statSync(folder).isDirectory()) {
      refuseFolder(`The skills folder ${shown} (plugin option skills) does not exist: create it with a folder per skill (${shown}/<name>/SKILL.md), or correct the option.`)
      continue
    }
    const dirs = skillDirs(folder, [folder.split(/[\\/]/).pop()!]).map((d) => (d.dir === folder ? d : { dir: d.dir, path: existsSync(join(folder, SKILL_FILE)) ? d.path : d.path.slice(1) }))
    if (dirs.length === 0) {
      const lower = filesUnder(folder).find((p) => /(^|\/)skill\.md$/i.test(p))
      refuseFolder(lower
        ? `The skills folder ${shown} holds ${lower} but no ${SKILL_FILE}: the file must be named exactly ${SKILL_FILE} (upper case, .md lower case).`
        : `The skills folder ${shown} (plugin option skills) holds no ${SKILL_FILE}: each skill is a folder ${shown}/<name>/ with a ${SKILL_FILE} in it.`)
      continue
    }
    for (const { dir, path } of dirs) {
      const base = `skill://${path.map(segment).join('/')}`
      const uri = `${base}/${SKILL_FILE}`
      const skillFile = posix(relative(root, join(dir, SKILL_FILE)))
      const other = skillAt.get(uri)
      if (other) {
        found.push({ code: 'MCP056', message: `${skillFile} and ${other} are both served at ${uri}: give one of the folders another name or place.`, loc: { file: skillFile, line: 1, column: 1 } })
        continue
      }
      skillAt.set(uri, skillFile)
      const indexes: number[] = []
      let bytes = 0
      let skillText = ''
      for (const path of filesUnder(dir)) {
        const absolute = join(dir, path)
        let index = fileIndex.get(absolute)
        if (index === undefined) {
          const content = readFileSync(absolute)
          read.push(absolute)
          let text: string | undefined
          try {
            text = utf8.decode(content)
          } catch {
            text = undefined
          }
          const ext = /\.([^./]+)$/.exec(path)?.[1]?.toLowerCase() ?? ''
          files.push({
            uri: `${base}/${path.split('/').map(segment).join('/')}`,
            name: path,
            mimeType: MIME[ext] ?? (text !== undefined ? 'text/plain' : 'application/octet-stream'),
            ...(text !== undefined ? { text } : { blob: content.toString('base64') }),
            digest: `sha256:${createHash('sha256').update(content).digest('hex')}`,
            size: content.length,
            loc: `${posix(relative(root, absolute))}:1:1`,
          })
          fileIndex.set(absolute, (index = files.length - 1))
        }
        indexes.push(index)
        bytes += files[index]!.size
        if (path === SKILL_FILE) skillText = files[index]!.text ?? ''
      }
      texts.set(skillFile, skillText)
      const before = found.length
      const refuse = (code: Code, message: string, line = 1, column = 1) => found.push({ code, message, loc: { file: skillFile, line, column } })
      if (indexes.length > MAX_FILES || bytes > MAX_BYTES) {
        refuse('MCP056', `The skill ${skillFile} has ${indexes.length} files of ${bytes} bytes in all; the skills extension lets a host refuse a skill over ${MAX_FILES} files or ${MAX_BYTES} bytes (16 MiB): split it into smaller skills, or move large files out of its folder.`)
      }
      const fm = files[indexes[0]!]!.text === undefined ? (refuse('MCP053', `${skillFile} is not UTF-8 text: write it as UTF-8 with YAML frontmatter.`), undefined) : frontmatter(skillText, skillFile, refuse)
      if (!fm?.value) continue
      const value = fm.value
      const folderName = path[path.length - 1]!
      const nameAt = fm.keyAt('name')
      const name = value.name
      if (typeof name !== 'string') {
        refuse('MCP054', `The frontmatter of ${skillFile} has ${name === undefined ? 'no name' : 'a name that is not a string'}: add name: ${NAME.test(folderName) ? folderName : slug(folderName)} (the name of its folder).`, nameAt?.line ?? 2, nameAt?.column ?? 1)
      } else if (!NAME.test(name) || name.length > 64) {
        refuse('MCP054', `${JSON.stringify(name)} is not a skill name: write 1 to 64 lower-case letters, digits and hyphens, not starting or ending with a hyphen and no two together (${slug(name)}), and name the folder alike.`, nameAt?.line, nameAt?.column)
      } else if (name !== folderName) {
        refuse('MCP054', `The skill is named ${JSON.stringify(name)} but its folder ${JSON.stringify(folderName)}: the Agent Skills specification and its skill:// URI need them equal, so rename the folder to ${name} or write name: ${NAME.test(folderName) ? folderName : slug(folderName)}.`, nameAt?.line, nameAt?.column)
      }
      const descriptionAt = fm.keyAt('description')
      const description = value.description
      if (typeof description !== 'string' || description.trim() === '') {
        const what = description === undefined ? 'no description' : typeof description === 'string' ? 'an empty description' : 'a description that is not a string'
        refuse('MCP055', `The frontmatter of ${skillFile} has ${what}: add description: <what the skill does and when to use it>, which hosts show a model to choose skills by.`, descriptionAt?.line ?? 2, descriptionAt?.column ?? 1)
      } else if ([...description].length > MAX_DESCRIPTION) {
        refuse('MCP055', `The description of ${skillFile} is ${[...description].length} characters; the Agent Skills specification allows ${MAX_DESCRIPTION}: shorten it, and move the detail into the body of ${SKILL_FILE}.`, descriptionAt?.line, descriptionAt?.column)
      }
      if (found.length > before) continue
      const skillMd = files[indexes[0]!]!
      files[indexes[0]!] = { ...skillMd, name: name as string, description: description as string }
      skills.push({ uri, frontmatter: value, files: indexes })
    }
  }
  if (found.length > 0) throw new CompileError(found, texts)
  return { set: { files, skills }, read }
}

/** The module `mcp-aot/skills`: the skills' files and entries, as a table createServer takes. */
export function skillsModule(set: SkillSet): string {
  return [
    "import { table as __mcp_table, resourcesFeature as __mcp_resourcesFeature, skillResources as __mcp_skillResources, skillsFeature as __mcp_skillsFeature } from 'mcp-aot/internal'",
    `const skills = ${JSON.stringify(set)}`,
    'export const __mcp = __mcp_table("mcp-aot/skills", __mcp_skillResources(skills), [__mcp_resourcesFeature, __mcp_skillsFeature(skills)])',
    '',
  ].join('\n')
}
