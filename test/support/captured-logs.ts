import { vi } from 'vitest';

/**
 * Captures what the functions' logger writes from now on. In tests it writes through the global
 * console (test/support/quiet-logs.ts), one call per record, as JSON (indented). Returns a
 * function that gives the records written so far, parsed. `vi.restoreAllMocks()` ends the capture.
 */
export function captureLogs(): () => Record<string, unknown>[] {
  const written: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => {
      written.push(parts.map(String).join(' '));
    });
  }
  return () =>
    written.flatMap((text) => {
      try {
        return [JSON.parse(text) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
}
