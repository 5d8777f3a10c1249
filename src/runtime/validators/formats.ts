/**
 * The string formats whose checks are functions rather than regular expressions, in the shape ajv's
 * standalone code calls them: `uri` is called directly, `date`, `time` and `date-time` through
 * `.validate(…)` (ajv-formats' "full" mode). The regular-expression formats (email, uuid, duration,
 * hostname, ipv4, ipv6) are written into the generated code itself, so they are not here.
 *
 * Semantics follow ajv-formats "full" mode: `time` and `date-time` require an offset (`Z` or ±hh:mm, also
 * ±hhmm and ±hh), a leap second is accepted only at 23:59:60 UTC, days are checked against the month and
 * leap years, and `uri` is an RFC 3986 URI with a scheme. Where ajv-formats strays from the RFCs this
 * follows the RFCs (test/validator/formats.test.ts lists each case): the date-time separator is `T`, `t`
 * or a space (not any whitespace); hour 24 is never valid (ajv-formats lets `24:59:30+01:00` through its
 * leap-second rule); a URI may have an empty path (`foo:`, `foo:?q`); `http:/[::1]` is not a URI.
 *
 * Leaf validators/: the helpers ajv's standalone validators call (`ucs2length`, `equal`, these formats),
 * imported by generated code through 'mcp-aot/internal'. It imports nothing (it may import only shared/).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([zZ])|([+-])(\d{2})(?::?(\d{2}))?)$/
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

function daysIn(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!
}

/** A calendar date `yyyy-MM-dd`, as numbers; undefined when the text is not one or the day does not exist. */
export function parseDate(text: string): { year: number; month: number; day: number } | undefined {
  const m = DATE.exec(text)
  if (!m) return undefined
  const year = +m[1]!
  const month = +m[2]!
  const day = +m[3]!
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined
  return { year, month, day }
}

/** An RFC 3339 full-time, as numbers; the offset is in minutes east of UTC. Undefined when invalid. */
export function parseTime(
  text: string,
): { hour: number; minute: number; second: number; fraction: string; offset: number } | undefined {
  const m = TIME.exec(text)
  if (!m) return undefined
  const hour = +m[1]!
  const minute = +m[2]!
  const second = +m[3]!
  const offsetHours = m[5] ? 0 : +m[7]!
  const offsetMinutes = m[5] || m[8] === undefined ? 0 : +m[8]
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return undefined
  const offset = (m[6] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  if (second === 60) {
    // A leap second exists only as the last second of a UTC day: 23:59:60Z.
    const utcMinuteOfDay = (((hour * 60 + minute - offset) % 1440) + 1440) % 1440
    if (utcMinuteOfDay !== 23 * 60 + 59) return undefined
  }
  return { hour, minute, second, fraction: m[4] ?? '', offset }
}

function isDate(text: string): boolean {
  return parseDate(text) !== undefined
}

function isTime(text: string): boolean {
  return parseTime(text) !== undefined
}

/** Splits `date T time` at its one separator (`T`, `t` or a space). */
function splitDateTime(text: string): [string, string] | undefined {
  if (text.length < 11) return undefined
  const separator = text[10]
  if (separator !== 'T' && separator !== 't' && separator !== ' ') return undefined
  return [text.slice(0, 10), text.slice(11)]
}

function isDateTime(text: string): boolean {
  const parts = splitDateTime(text)
  return parts !== undefined && isDate(parts[0]) && isTime(parts[1])
}

/**
 * The instant an RFC 3339 date-time names, in milliseconds since the epoch (fractions beyond
 * milliseconds are truncated; a leap second counts as the first moment of the next minute).
 * Undefined when the text is not a valid date-time.
 */
export function parseDateTime(text: string): number | undefined {
  const parts = splitDateTime(text)
  if (!parts) return undefined
  const date = parseDate(parts[0])
  const time = parseTime(parts[1])
  if (!date || !time) return undefined
  const millis = time.fraction ? +(time.fraction.slice(1) + '00').slice(0, 3) : 0
  const moment = new Date(0)
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  moment.setUTCFullYear(date.year, date.month - 1, date.day)
  moment.setUTCHours(time.hour, time.minute - time.offset, time.second, millis)
  return moment.getTime()
}

/** RFC 3986, appendix A: a URI with a scheme. Case-insensitive; built from the grammar's own productions
 * on first use, so a bundle without a `uri` format check keeps none of it. */
function uriPattern(): RegExp {
  const UNRESERVED = "a-z0-9\\-._~"
  const SUB_DELIMS = "!$&'()*+,;="
  const PCT = '%[0-9a-f]{2}'
  const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`
  const DEC_OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)'
  const IPV4 = `(?:${DEC_OCTET}\\.){3}${DEC_OCTET}`
  const H16 = '[0-9a-f]{1,4}'
  const LS32 = `(?:${H16}:${H16}|${IPV4})`
  const IPV6 =
    '(?:' +
    [
      `(?:${H16}:){6}${LS32}`,
      `::(?:${H16}:){5}${LS32}`,
      `(?:${H16})?::(?:${H16}:){4}${LS32}`,
      `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
      `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
      `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
      `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
      `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
      `(?:(?:${H16}:){0,6}${H16})?::`,
    ].join('|') +
    ')'
  const IP_FUTURE = `v[0-9a-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`
  const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`
  const HOST = `(?:\\[(?:${IPV6}|${IP_FUTURE})\\]|${IPV4}|${REG_NAME})`
  const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`
  const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::\\d*)?`
  const SEGMENT = `${PCHAR}*`
  const SEGMENT_NZ = `${PCHAR}+`
  const HIER_PART =
    `(?:\\/\\/${AUTHORITY}(?:\\/${SEGMENT})*` + // "//" authority path-abempty
    `|\\/(?:${SEGMENT_NZ}(?:\\/${SEGMENT})*)?` + // path-absolute
    `|${SEGMENT_NZ}(?:\\/${SEGMENT})*` + // path-rootless
    ')?' // path-empty
  const QUERY_OR_FRAGMENT = `(?:${PCHAR}|[\\/?])*`
  return new RegExp(`^[a-z][a-z0-9+\\-.]*:${HIER_PART}(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?$`, 'i')
}

let URI: RegExp | undefined

function isUri(text: string): boolean {
  return (URI ??= uriPattern()).test(text)
}

/** The checks generated validators import one by one (`format_uri`, `format_date_time`, …; see internal.ts). */
export const uriFormat = isUri
export const dateFormat = { validate: isDate }
export const timeFormat = { validate: isTime }
export const dateTimeFormat = { validate: isDateTime }

/** Every run-time format by its name, for the build-time check that each referenced format exists. */
export const formats: {
  readonly uri: (text: string) => boolean
  readonly date: { readonly validate: (text: string) => boolean }
  readonly time: { readonly validate: (text: string) => boolean }
  readonly 'date-time': { readonly validate: (text: string) => boolean }
} = { uri: uriFormat, date: dateFormat, time: timeFormat, 'date-time': dateTimeFormat }
