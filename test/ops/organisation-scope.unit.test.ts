import { describe, expect, it } from 'vitest';
import { scopeForNewKey } from '../../functions/rules/organisation-scope.js';

describe('Rule: a new API key never changes its organisation’s scope silently', () => {
  it('gives a new organisation the suppliers asked for', () => {
    expect(scopeForNewKey('org', undefined, ['ACME'], false)).toEqual({ ok: true, scope: ['ACME'] });
  });

  it('refuses a new organisation without suppliers', () => {
    expect(scopeForNewKey('org', undefined, undefined, false)).toMatchObject({ ok: false });
  });

  it('keeps an existing scope when none, or the same in another order, is asked for', () => {
    expect(scopeForNewKey('org', ['ACME', 'GLOBEX'], undefined, false)).toEqual({
      ok: true,
      scope: ['ACME', 'GLOBEX'],
    });
    expect(scopeForNewKey('org', ['ACME', 'GLOBEX'], ['GLOBEX', 'ACME'], false)).toEqual({
      ok: true,
      scope: ['ACME', 'GLOBEX'],
    });
  });

  it('refuses another scope for an existing organisation, naming the current one and both ways out', () => {
    // Act
    const decision = scopeForNewKey('acme-etl', ['ACME', 'PAUSED-CO'], ['ACME'], false);
    // Assess
    expect(decision.ok).toBe(false);
    const { reason } = decision as { reason: string };
    expect(reason).toContain('acts for ACME, PAUSED-CO');
    expect(reason).toContain('Omit --suppliers');
    expect(reason).toContain('--replace-scope');
  });

  it('changes the scope with replace, reporting what it was', () => {
    expect(scopeForNewKey('org', ['ACME', 'PAUSED-CO'], ['ACME'], true)).toEqual({
      ok: true,
      scope: ['ACME'],
      changedFrom: ['ACME', 'PAUSED-CO'],
    });
  });
});
