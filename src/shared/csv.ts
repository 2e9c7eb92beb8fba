/**
 * CSV as spreadsheets read it (RFC 4180: comma, CRLF, quotes doubled), with text from the
 * service kept from running as a formula: a cell that starts with = + - @, a tab or a carriage
 * return ("=HYPERLINK(...)") gets a leading ' inside a quoted cell, so it is shown as text
 * (OWASP's advice on CSV injection).
 */
export function csvCell(value: string | number | null): string {
  const s = value === null ? '' : String(value);
  // A number is written as one (-116.4 is a longitude, not a formula).
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) return `"'${s.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A header line and one line per row, each ended by CRLF. */
export function csvText<K extends string>(
  columns: readonly K[],
  rows: readonly Record<K, string | number | null>[],
): string {
  const lines = [
    columns.join(','),
    ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(',')),
  ];
  return lines.map((l) => `${l}\r\n`).join('');
}
