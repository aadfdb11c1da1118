/** The `rel="next"` target of a `Link` header (RFC 8288), or undefined. */
export function nextLink(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2] ?? '')) {
      return match[1];
    }
  }
  return undefined;
}
