/**
 * What the IPC robustness tests (tests/unit/ipc/) ask of a failure: words for the user, not a
 * bug showing through.
 */
import { expect } from 'vitest';
import type { IpcResponse } from '../../src/shared/ipc.ts';

/** A failure message that is a bug showing through rather than words for the user. */
export const PROGRAMMING_ERROR =
  /\b(TypeError|ReferenceError|RangeError|SyntaxError|SqliteError|SQLITE_\w+)\b|Cannot read propert|is not a function|is not iterable|is not defined|undefined|\bNaN\b|\[object Object\]|Maximum call stack|Invalid time value|Invalid Date/;

/** A value (plain JSON), or a failure the handler worded: never code `internal`. */
export function expectReadable(answer: IpcResponse<unknown>, context: unknown): void {
  if (answer.ok) {
    expect(() => JSON.stringify(answer.value)).not.toThrow();
    return;
  }
  const where = JSON.stringify(context);
  expect(answer.error.code, `${where}: ${answer.error.message}`).toBe('failed');
  expect(answer.error.message, where).not.toMatch(PROGRAMMING_ERROR);
  expect(answer.error.message.length, where).toBeGreaterThan(15);
}
