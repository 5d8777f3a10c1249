/**
 * A machine-readable copy of each provider's documented rules for a tool's parameter schema, written from
 * the providers' documents (cited per rule set), and a checker that reports every way a tools/list entry
 * breaks them. It shares no code with src/compiler/model/profiles: it is the referee the profiles are held to.
 */
type Schema = Record<string, any>

export interface ProviderRules {
  /** Where the rules come from. */
  sources: string[]
  toolName: RegExp
  propertyName?: RegExp
  /** Keywords allowed on any schema part, and per JSON type. */
  keywords: { any: string[]; byType: Record<string, string[]> }
  /** Allowed `format` values per type. */
  formats: Record<string, string[]>
  /** `type` may be a list (["string","null"]). */
  typeList: boolean
  /** Every part needs `type` (or anyOf / enum / const / $ref). */
  typeRequired: boolean
  /** Every object has `additionalProperties: false`; true also requires every property in `required`. */
  closedObjects: boolean
  allRequired: boolean
  /** additionalProperties, when present, must be false. */
  additionalPropertiesFalseOnly: boolean
  /** An object part (other than the root) needs at least one property. */
  nonEmptyObjects: boolean
  /**
   * A function without parameters leaves its parameters out: an entry without `inputSchema` is taken, a root
   * object without properties is refused (Gemini: an OBJECT's `properties` "should be non-empty").
   */
  parametersOmitted?: boolean
  /** enum values must all be strings. */
  stringEnums: boolean
  /** `$ref`/`$defs` allowed. */
  references: boolean
  /** Largest allowed `minItems`. */
  maxMinItems?: number
  /** Regular-expression features a `pattern` may not use. */
  patternForbidden?: RegExp
  limits?: { depth?: number; properties?: number; enumValues?: number }
  /** Per request, across all tools. */
  request?: { tools: number; optional: number; unions: number }
}

const JSON_TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']

export const RULES: Record<'openai-strict' | 'anthropic-strict' | 'gemini', ProviderRules> = {
  'openai-strict': {
    sources: [
      'https://platform.openai.com/docs/guides/function-calling#strict-mode',
      'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas',
      'https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools',
    ],
    toolName: /^[a-zA-Z0-9_-]{1,64}$/,
    keywords: {
      any: ['type', 'description', 'title', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions'],
      byType: {
        object: ['properties', 'required', 'additionalProperties'],
        array: ['items', 'minItems', 'maxItems'],
        string: ['pattern', 'format'],
        number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
        integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
      },
    },
    formats: { string: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'] },
    typeList: true,
    typeRequired: true,
    closedObjects: true,
    allRequired: true,
    additionalPropertiesFalseOnly: true,
    nonEmptyObjects: false,
    stringEnums: false,
    references: true,
    limits: { depth: 10, properties: 5000, enumValues: 1000 },
  },
  'anthropic-strict': {
    sources: [
      'https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use',
      'https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations',
      'https://platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use',
    ],
    toolName: /^[a-zA-Z0-9_-]{1,64}$/,
    keywords: {
      any: ['type', 'description', 'title', 'enum', 'const', 'anyOf', 'allOf', '$ref', '$defs', 'definitions', 'default'],
      byType: { object: ['properties', 'required', 'additionalProperties'], array: ['items', 'minItems'], string: ['format', 'pattern'] },
    },
    formats: { string: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'] },
    typeList: true,
    typeRequired: true,
    closedObjects: true,
    allRequired: false,
    additionalPropertiesFalseOnly: true,
    nonEmptyObjects: false,
    stringEnums: false,
    references: true,
    maxMinItems: 1,
    patternForbidden: /\\[1-9]|\\k<|\(\?<?[=!]|\\[bB]/,
    request: { tools: 20, optional: 24, unions: 16 },
  },
  gemini: {
    sources: [
      'https://ai.google.dev/api/caching#Schema',
      'https://ai.google.dev/api/caching#FunctionDeclaration',
      'https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration',
    ],
    toolName: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
    propertyName: /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/,
    keywords: {
      any: ['type', 'format', 'title', 'description', 'nullable', 'enum', 'example', 'anyOf', 'default'],
      byType: {
        object: ['properties', 'required', 'minProperties', 'maxProperties', 'propertyOrdering'],
        array: ['items', 'minItems', 'maxItems'],
        string: ['minLength', 'maxLength', 'pattern'],
        number: ['minimum', 'maximum'],
        integer: ['minimum', 'maximum'],
      },
    },
    formats: { string: ['enum', 'date-time'], number: ['float', 'double'], integer: ['int32', 'int64'] },
    typeList: false,
    typeRequired: true,
    closedObjects: false,
    allRequired: false,
    additionalPropertiesFalseOnly: false,
    nonEmptyObjects: true,
    stringEnums: true,
    references: false,
    parametersOmitted: true,
  },
}

const typesOf = (s: Schema): string[] => (typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type : [])

/** Every violation of `rules` by one tool, as "path: what". */
export function violations(rules: ProviderRules, tool: { name: string; inputSchema?: Schema }): string[] {
  const out: string[] = []
  if (!rules.toolName.test(tool.name)) out.push(`name '${tool.name}' does not match ${rules.toolName}`)
  if (tool.inputSchema === undefined) {
    if (!rules.parametersOmitted) out.push('no parameters schema')
    return out
  }
  const root = tool.inputSchema
  if (rules.parametersOmitted && typesOf(root).includes('object') && Object.keys(root.properties ?? {}).length === 0) out.push('/: parameters without properties (leave them out)')
  let properties = 0
  let enumValues = 0
  let depth = 0
  const visit = (s: Schema, path: string, level: number, root: boolean) => {
    const at = path || '/'
    const t = typesOf(s)
    depth = Math.max(depth, level)
    if (Array.isArray(s.type) && !rules.typeList) out.push(`${at}: type is a list`)
    for (const x of t) if (!JSON_TYPES.includes(x)) out.push(`${at}: unknown type ${x}`)
    if (rules.typeRequired && s.type === undefined && !s.anyOf && !s.enum && !('const' in s) && !s.$ref && !s.allOf) out.push(`${at}: no type`)
    for (const k of Object.keys(s)) {
      const allowed = rules.keywords.any.includes(k) || t.some((x) => rules.keywords.byType[x]?.includes(k))
      if (!allowed) out.push(`${at}: keyword ${k}`)
    }
    if (s.format !== undefined && !t.some((x) => rules.formats[x]?.includes(s.format))) out.push(`${at}: format ${s.format}`)
    if (!rules.references && (s.$ref || s.$defs || s.definitions)) out.push(`${at}: reference`)
    if (Array.isArray(s.enum)) {
      enumValues += s.enum.length
      if (rules.stringEnums && !s.enum.every((v: unknown) => typeof v === 'string')) out.push(`${at}: non-string enum`)
    }
    if (rules.maxMinItems !== undefined && typeof s.minItems === 'number' && s.minItems > rules.maxMinItems) out.push(`${at}: minItems ${s.minItems}`)
    if (rules.patternForbidden && typeof s.pattern === 'string' && rules.patternForbidden.test(s.pattern)) out.push(`${at}: pattern feature`)
    if (t.includes('object')) {
      const names = Object.keys(s.properties ?? {})
      properties += names.length
      if (rules.closedObjects && s.additionalProperties !== false) out.push(`${at}: object not closed`)
      if (rules.additionalPropertiesFalseOnly && s.additionalProperties !== undefined && s.additionalProperties !== false) out.push(`${at}: additionalProperties is not false`)
      if (rules.allRequired && names.some((n) => !(s.required ?? []).includes(n))) out.push(`${at}: optional property`)
      if (rules.nonEmptyObjects && !root && names.length === 0) out.push(`${at}: object without properties`)
      if (rules.propertyName) for (const n of names) if (!rules.propertyName.test(n)) out.push(`${at}: property name ${n}`)
    }
    for (const [n, c] of Object.entries(s.properties ?? {})) visit(c as Schema, `${path}/properties/${n}`, level + 1, false)
    if (s.items && typeof s.items === 'object') visit(s.items, `${path}/items`, level, false)
    if (s.additionalProperties && typeof s.additionalProperties === 'object') visit(s.additionalProperties, `${path}/additionalProperties`, level, false)
    for (const k of ['anyOf', 'allOf', 'prefixItems']) (s[k] ?? []).forEach((c: Schema, i: number) => visit(c, `${path}/${k}/${i}`, level, false))
    for (const [n, c] of Object.entries(s.$defs ?? {})) visit(c as Schema, `${path}/$defs/${n}`, level, false)
  }
  visit(tool.inputSchema, '', 0, true)
  if (rules.limits?.depth !== undefined && depth > rules.limits.depth) out.push(`nesting ${depth} > ${rules.limits.depth}`)
  if (rules.limits?.properties !== undefined && properties > rules.limits.properties) out.push(`properties ${properties} > ${rules.limits.properties}`)
  if (rules.limits?.enumValues !== undefined && enumValues > rules.limits.enumValues) out.push(`enum values ${enumValues} > ${rules.limits.enumValues}`)
  return out
}

/** The per-request limits over the tools listed together (Anthropic). */
export function requestViolations(rules: ProviderRules, tools: readonly { inputSchema?: Schema }[]): string[] {
  if (!rules.request) return []
  let optional = 0
  let unions = 0
  const visit = (s: Schema) => {
    for (const [n, c] of Object.entries<Schema>(s.properties ?? {})) {
      if (!(s.required ?? []).includes(n)) optional++
      if (Array.isArray(c.anyOf) || (Array.isArray(c.type) && c.type.length > 1)) unions++
      visit(c)
    }
    if (s.items) visit(s.items)
    for (const c of s.anyOf ?? []) visit(c)
  }
  for (const t of tools) if (t.inputSchema) visit(t.inputSchema)
  const out: string[] = []
  if (tools.length > rules.request.tools) out.push(`${tools.length} tools > ${rules.request.tools}`)
  if (optional > rules.request.optional) out.push(`${optional} optional parameters > ${rules.request.optional}`)
  if (unions > rules.request.unions) out.push(`${unions} union parameters > ${rules.request.unions}`)
  return out
}
