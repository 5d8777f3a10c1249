/**
 * `mcp-aot/skills`: the module the plugin's `skills` option writes at build time from the project's skill
 * folders (src/compiler/artifacts/skill-folders.ts): every skill's files, frontmatter, digests and sizes, as a
 * table createServer takes like a tool module's, serving Skills over MCP (skills/list, skills/get, each file
 * a skill:// resource, resources/directory/read).
 *
 * ```ts
 * import * as skills from 'mcp-aot/skills'
 * export default createServer(info, tools, skills)
 * ```
 *
 * This file stands in for it where the plugin did not run or has no `skills` option: importing it says so.
 */

/** The skills' dispatch table (createServer reads it). */
export declare const __mcp: object

throw new Error("mcp-aot/skills is written by the mcp-aot plugin's skills option: add mcp({ skills: 'skills' }) (the folder holding skills/<name>/SKILL.md) to the bundler config.")
