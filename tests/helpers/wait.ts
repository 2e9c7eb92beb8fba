/** Waits until `read` gives a value (not undefined, null or false), polling every 25 ms. */
export async function until<T>(read: () => T | undefined | null | false, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`Timed out after ${timeoutMs} ms waiting for the state`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
