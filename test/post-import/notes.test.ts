import { describe, expect, it } from 'vitest';
import { forAccount, waitForEvents } from '../support/events-file.js';
import { api } from '../support/http.js';
import {
  createImportedAccount,
  createStagedOnlyAccount,
  externalNumber,
} from './support/imported-account.js';
import { paths, postNotes } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

describe('Notes: a new note is created and reported in the 201 array in request order', () => {
  it('creates every new note and answers 201 with created_at, body and NOTE_CREATION_SUCCESS', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'Customer prefers e-mail', created_at: '2026-02-01T10:00:00Z' },
      { body: 'Pinned: vulnerable customer', is_pinned: true, unpin_at: '2099-01-01T00:00:00Z' },
    ]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json).toEqual([
      {
        created_at: '2026-02-01T10:00:00Z',
        body: 'Customer prefers e-mail',
        status: 'NOTE_CREATION_SUCCESS',
      },
      {
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        body: 'Pinned: vulnerable customer',
        status: 'NOTE_CREATION_SUCCESS',
      },
    ]);
    const stored = await accountItems(account.service_account_number, 'NOTE#');
    expect(stored).toHaveLength(2);
    expect(stored.find((note) => note.body === 'Pinned: vulnerable customer')).toMatchObject({
      is_pinned: true,
      unpin_at: '2099-01-01T00:00:00Z',
    });
  });

  it('emits data_import.import_process.post_import.completed (NOTE) for each created note', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    await postNotes(token, account, [{ body: 'one' }, { body: 'two' }]);
    // Assess
    const events = await waitForEvents(forAccount(account.external_account_number), { count: 2 });
    expect(events.map((event) => event['detail-type'])).toEqual([
      'data_import.import_process.post_import.completed@v1',
      'data_import.import_process.post_import.completed@v1',
    ]);
    const stored = await accountItems(account.service_account_number, 'NOTE#');
    expect(events.map((event) => event.detail.payload.identifier).sort()).toEqual(
      stored.map((n) => n.note_id).sort(),
    );
    expect(events[0]?.detail.payload).toMatchObject({
      resource_type: 'NOTE',
      import_process_resource_type: 'ACCOUNT',
      import_process_external_identifier: account.external_account_number,
    });
  });

  it('defaults created_at to the current time in UTC', async () => {
    // Prepare
    const account = await createImportedAccount();
    const before = Date.now();
    // Act
    const response = await postNotes(token, account, [{ body: 'no time given' }]);
    // Assess
    const createdAt = Date.parse(response.json[0].created_at);
    expect(response.json[0].created_at).toMatch(/Z$/);
    expect(createdAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
  });

  it('stores created_at given with an offset as UTC', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'offset', created_at: '2026-02-01T12:00:00+02:00' },
    ]);
    // Assess
    expect(response.json[0].created_at).toBe('2026-02-01T10:00:00Z');
  });
});

describe('Notes: a note must contain body or document_paths', () => {
  it('answers 400 body_or_document_paths_required for a note with neither', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [{ body: 'fine' }, { is_pinned: true }]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      code: 'invalid_request',
      errors: [{ attr: 'notes.1', code: 'body_or_document_paths_required' }],
    });
    expect(await accountItems(account.service_account_number, 'NOTE')).toEqual([]);
  });
});

describe('Notes: a note with the same body (and created_at when given) is NOTE_ALREADY_EXISTS', () => {
  it('reports NOTE_ALREADY_EXISTS when the same notes are posted twice', async () => {
    // Prepare
    const account = await createImportedAccount();
    const notes = [{ body: 'twice', created_at: '2026-02-01T10:00:00Z' }, { body: 'twice without time' }];
    await postNotes(token, account, notes);
    // Act
    const second = await postNotes(token, account, notes);
    // Assess
    expect(second.status).toBe(201);
    expect(second.json.map((note: { status: string }) => note.status)).toEqual([
      'NOTE_ALREADY_EXISTS',
      'NOTE_ALREADY_EXISTS',
    ]);
    expect(await accountItems(account.service_account_number, 'NOTE#')).toHaveLength(2);
  });

  it('creates a note with the same body but a different created_at', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postNotes(token, account, [{ body: 'same body', created_at: '2026-02-01T10:00:00Z' }]);
    // Act
    const response = await postNotes(token, account, [
      { body: 'same body', created_at: '2026-02-02T10:00:00Z' },
    ]);
    // Assess
    expect(response.json[0].status).toBe('NOTE_CREATION_SUCCESS');
  });

  it('matches a note sent without created_at with an existing note of the same body whatever its time', async () => {
    // Prepare
    const account = await createImportedAccount();
    await postNotes(token, account, [{ body: 'timeless', created_at: '2025-05-05T05:05:05Z' }]);
    // Act
    const response = await postNotes(token, account, [{ body: 'timeless' }]);
    // Assess
    expect(response.json[0].status).toBe('NOTE_ALREADY_EXISTS');
  });

  it('creates the first of two identical notes in one request and reports the second as existing', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [{ body: 'dup' }, { body: 'other' }, { body: 'dup' }]);
    // Assess
    expect(response.json.map((note: { status: string }) => note.status)).toEqual([
      'NOTE_CREATION_SUCCESS',
      'NOTE_CREATION_SUCCESS',
      'NOTE_ALREADY_EXISTS',
    ]);
  });
});

describe('Notes: unpin_at needs is_pinned true and must be after the note time', () => {
  it('answers 400 unpin_at_requires_is_pinned for unpin_at without is_pinned', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [{ body: 'x', unpin_at: '2099-01-01T00:00:00Z' }]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'notes.0.unpin_at', code: 'unpin_at_requires_is_pinned' }),
    ]);
  });

  it('answers 400 unpin_at_not_after_created_at when unpin_at is not after created_at', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'x', is_pinned: true, created_at: '2026-02-01T10:00:00Z', unpin_at: '2026-02-01T10:00:00Z' },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'notes.0.unpin_at', code: 'unpin_at_not_after_created_at' }),
    ]);
  });
});

describe('Notes: the account must be imported (404 account_not_found otherwise)', () => {
  it('answers 404 for an account that is only staged', async () => {
    // Prepare
    const external = await createStagedOnlyAccount();
    // Act
    const response = await postNotes(token, { import_supplier: 'ACME', external_account_number: external }, [
      { body: 'x' },
    ]);
    // Assess
    expect(response.status).toBe(404);
    expect(response.json.code).toBe('account_not_found');
  });

  it('answers 404 for an unknown external account number and for an unknown supplier', async () => {
    // Act
    const unknownAccount = await postNotes(
      token,
      { import_supplier: 'ACME', external_account_number: externalNumber() },
      [{ body: 'x' }],
    );
    const unknownSupplier = await postNotes(
      token,
      { import_supplier: 'NOPE-CO', external_account_number: 'x' },
      [{ body: 'x' }],
    );
    // Assess
    expect(unknownAccount.status).toBe(404);
    expect(unknownAccount.json.code).toBe('account_not_found');
    expect(unknownSupplier.status).toBe(404);
    expect(unknownSupplier.json.code).toBe('account_not_found');
  });
});

describe('Notes: request shape (limits, unknown fields, types, auth, supplier status)', () => {
  it('answers 400 too_many_items for more than 1000 notes', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(
      token,
      account,
      Array.from({ length: 1001 }, (_, i) => ({ body: `n${i}` })),
    );
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'notes', code: 'too_many_items' }),
    ]);
  });

  it('answers 400 unknown_field, invalid_type and too_long', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'x', colour: 'red' },
      { body: 42 },
      { body: 'y'.repeat(10_001) },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ attr: 'notes.0.colour', code: 'unknown_field' }),
        expect.objectContaining({ attr: 'notes.1.body', code: 'invalid_type' }),
        expect.objectContaining({ attr: 'notes.2.body', code: 'too_long' }),
      ]),
    );
  });

  it('answers 400 invalid_datetime for a leap second, which no clock can store', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [{ body: 'x', created_at: '2026-12-31T23:59:60Z' }]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({ attr: 'notes.0.created_at', code: 'invalid_datetime' }),
    ]);
  });

  it('answers 400 parse_error for malformed JSON', async () => {
    // Act
    const response = await api('POST', paths.notes, { token, rawBody: '{"notes": [' });
    // Assess
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ code: 'parse_error', errors: [] });
  });

  it('answers 401 without a token, 403 outside the scope, 409 for a paused or complete supplier', async () => {
    // Act
    const anonymous = await api('POST', paths.notes, {
      body: { import_supplier: 'ACME', external_account_number: 'x', notes: [{ body: 'x' }] },
    });
    const otherScope = await postNotes(token, { import_supplier: 'GLOBEX', external_account_number: 'x' }, [
      { body: 'x' },
    ]);
    const paused = await postNotes(token, { import_supplier: 'PAUSED-CO', external_account_number: 'x' }, [
      { body: 'x' },
    ]);
    const complete = await postNotes(token, { import_supplier: 'DONE-CO', external_account_number: 'x' }, [
      { body: 'x' },
    ]);
    // Assess
    expect(anonymous.status).toBe(401);
    expect(otherScope.status).toBe(403);
    expect(otherScope.json.code).toBe('permission_denied');
    expect(paused.status).toBe(409);
    expect(paused.json.errors[0].code).toBe('import_supplier_paused');
    expect(complete.status).toBe(409);
    expect(complete.json.errors[0].code).toBe('import_supplier_complete');
  });
});
