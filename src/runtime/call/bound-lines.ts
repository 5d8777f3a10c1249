/**
 * The bound on the argument error lines of one call (arg-errors.ts writes them; revival's lines too): at
 * most MAX_LINES lines, MAX_TEXT characters together, each of at most MAX_LINE characters, then
 * `… and N more.`; so an invalid call answers with little text whatever its size.
 */

/** Argument error lines shown per call; the rest are counted in a last line. */
export const MAX_LINES = 20
/**
 * Characters per argument error line (a path or a value in it may be as long as the client likes). It holds
 * an enum of some 70 values of a dozen characters whole; a longer line loses its middle, never its end (the
 * `(got …)` echo a model corrects from).
 */
export const MAX_LINE = 1000
/** Characters of all the lines shown together (what 20 lines of 200 came to before lines could be longer). */
export const MAX_TEXT = 4000

/** The end a cut line keeps whole: the echo of what was sent and the full stop (` (got "eu-west").`). */
const ECHO = ' (got '

/** `text` without a last lone high surrogate, so a cut never splits a character. */
const whole = (text: string) => (/[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text)

/**
 * A line of at most MAX_LINE characters: a longer one keeps its start and its echo (` (got …).`, at most a
 * quarter of the line) and loses the middle, marked `…`; without an echo it loses its end.
 */
function cutLine(line: string): string {
  if (line.length <= MAX_LINE) return line
  const at = line.lastIndexOf(ECHO)
  const end = at >= 0 && line.length - at <= MAX_LINE / 4 ? line.slice(at) : ''
  return `${whole(line.slice(0, MAX_LINE - 1 - end.length))}…${end}`
}

/**
 * At most MAX_LINES lines, each cut to MAX_LINE characters, as many as fit MAX_TEXT characters together (the
 * first always), and a last line counting the rest (`… and at least N more.` when the validator stopped
 * collecting, so the count is a lower bound).
 */
export function boundLines(lines: readonly string[], stopped = false): string[] {
  const shown: string[] = []
  let size = -1
  for (const l of lines.slice(0, MAX_LINES)) {
    const cut = cutLine(l)
    if (shown.length > 0 && size + 1 + cut.length > MAX_TEXT) break
    shown.push(cut)
    size += 1 + cut.length
  }
  const rest = lines.length - shown.length
  if (rest > 0 || stopped) shown.push(`… and ${stopped ? 'at least ' : ''}${Math.max(rest, 1)} more.`)
  return shown
}
