/**
 * Ahead-of-time step of the floor: ajv standalone validators (2020-12, ajv-formats, allErrors, no
 * messages) for its three tools, and its `tools/list` result as JSON text, written to
 * validators.gen.js next to this file. ajv's ESM output still calls require() for its helpers; they are
 * replaced here by local code, so the bundle is plain ESM with nothing of ajv but the generated code.
 */
import { writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { TOOLS } from './schemas.ts'

const require = createRequire(import.meta.url)
const Ajv2020 = require('ajv/dist/2020').default
const standaloneCode = require('ajv/dist/standalone').default
const addFormats = require('ajv-formats')

const UCS2LENGTH = `function ucs2length(s){let n=0,p=0,v;while(p<s.length){n++;v=s.charCodeAt(p++);if(v>=0xd800&&v<=0xdbff&&p<s.length&&(s.charCodeAt(p)&0xfc00)===0xdc00)p++}return n}`

export function buildFloorValidators(outFile = new URL('./validators.gen.js', import.meta.url)): string {
  const ajv = new Ajv2020({ allErrors: true, strict: true, messages: false, code: { source: true, esm: true } })
  addFormats(ajv)
  const exports: Record<string, string> = {}
  for (const tool of TOOLS) {
    ajv.addSchema(tool.inputSchema, tool.name)
    exports[tool.name] = tool.name
  }
  let code: string = standaloneCode(ajv, exports)
  code = code.replace(/require\("ajv\/dist\/runtime\/ucs2length"\)\.default/g, 'ucs2length')
  if (/require\(/.test(code)) throw new Error(`unexpected require() left in the floor's validators:\n${code.match(/require\([^)]*\)/g)}`)
  const list = JSON.stringify({ tools: TOOLS })
  const out = `${code}\n${UCS2LENGTH}\nexport const TOOLS_LIST = ${JSON.stringify(list)};\n`
  writeFileSync(outFile, out)
  return outFile instanceof URL ? outFile.pathname : outFile
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(buildFloorValidators())
