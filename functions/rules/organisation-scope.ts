/**
 * The supplier scope a new API key gets. Pure.
 *
 * An organisation's scope is one list shared by all of its keys (a token carries the scope of
 * its organisation). So issuing a key never changes it silently:
 * - a new organisation takes the suppliers asked for (they are required);
 * - an existing one keeps its scope when none, or the same, is asked for;
 * - asking for another scope is refused unless `replace` says to change it for every key.
 */
export type ScopeDecision =
  | { ok: true; scope: string[]; changedFrom?: string[] }
  | { ok: false; reason: string };

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join(',') === [...b].sort().join(',');

export function scopeForNewKey(
  organisation: string,
  existing: readonly string[] | undefined,
  requested: readonly string[] | undefined,
  replace: boolean,
): ScopeDecision {
  if (existing === undefined) {
    if (!requested) {
      return {
        ok: false,
        reason: `organisation ${organisation} is new: give its suppliers with --suppliers A,B`,
      };
    }
    return { ok: true, scope: [...requested] };
  }
  if (!requested || sameSet(existing, requested)) return { ok: true, scope: [...existing] };
  if (!replace) {
    return {
      ok: false,
      reason:
        `organisation ${organisation} acts for ${existing.join(', ') || 'no supplier'}, a scope every one of its keys shares: ` +
        `--suppliers ${requested.join(',')} would change it for all of them. Omit --suppliers to issue a key with the ` +
        `current scope, or add --replace-scope to change the scope of every key of ${organisation}.`,
    };
  }
  return { ok: true, scope: [...requested], changedFrom: [...existing] };
}
