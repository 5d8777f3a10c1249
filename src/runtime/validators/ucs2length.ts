/**
 * The length of a string in Unicode code points, as JSON Schema's minLength/maxLength count it:
 * a surrogate pair is one character, a lone surrogate is one character too.
 */
export function ucs2length(text: string): number {
  const units = text.length
  let count = 0
  for (let i = 0; i < units; i++) {
    const unit = text.charCodeAt(i)
    // A high surrogate followed by a low surrogate is one code point: skip the low half.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < units) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}
