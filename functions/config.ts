/**
 * Configuration helpers. Each concern reads the variables it needs once, at module scope,
 * through these functions, so a missing or malformed variable fails the cold start loudly
 * instead of failing a request later.
 */

export class ConfigurationError extends Error {
  override name = 'ConfigurationError';
}

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value.trim() === '') {
    throw new ConfigurationError(`Environment variable ${name} must be set`);
  }
  return value;
}

export function optionalEnv(name: string, fallback: string): string {
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? fallback : value;
}

export function integerEnv(name: string, fallback: number, bounds: { min: number; max: number }): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    throw new ConfigurationError(
      `Environment variable ${name} must be an integer from ${bounds.min} to ${bounds.max}, got ${raw}`,
    );
  }
  return value;
}

/** A comma-separated list, trimmed, empty entries dropped. */
export function listEnv(name: string): string[] {
  return optionalEnv(name, '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}
