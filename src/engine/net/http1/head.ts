/**
 * The head of an HTTP/1.1 answer, read by lean-http.ts: the status line and headers, and how
 * the body that follows is framed.
 */

/** Where the body ends: after a length, at a zero-size chunk, with the connection, or at once. */
export type Framing =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailer'; left: number }
  | { kind: 'close' }
  | { kind: 'none' };

/** The status and headers (names in lower case, repeats joined with ", "), or what is wrong. */
export function parseHead(
  text: string,
): { status: number; headers: Record<string, string> } | string {
  const lines = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(lines[0]!);
  if (!status) return JSON.stringify(lines[0]!.slice(0, 60));
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `bad header line ${JSON.stringify(line.slice(0, 60))}`;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  return { status: Number(status[1]), headers };
}

/** The framing of the body that follows the head, or what is wrong with it. */
export function framingOf(status: number, headers: Record<string, string>): Framing | string {
  if (status === 204 || status === 304) return { kind: 'none' };
  const coding = headers['transfer-encoding'];
  if (coding !== undefined) {
    return /(^|,)\s*chunked\s*$/i.test(coding)
      ? { kind: 'chunked', state: 'size', left: 0 }
      : { kind: 'close' };
  }
  const length = headers['content-length'];
  if (length === undefined) return { kind: 'close' };
  const values = new Set(length.split(',').map((v) => v.trim()));
  const [only] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(only!)) return `bad Content-Length "${length}"`;
  return { kind: 'length', left: Number(only) };
}
