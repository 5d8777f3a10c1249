/** The variable names of an RFC 6570 URI template (`{id}`, `{+path}`, `{?q,page}`, `{var*}`). */
export function templateVariables(template: string): string[] {
  const names: string[] = []
  for (const m of template.matchAll(/\{([^}]*)\}/g)) {
    for (const spec of m[1]!.replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/(\*|:\d+)$/, '').trim()
      if (name && !names.includes(name)) names.push(name)
    }
  }
  return names
}
