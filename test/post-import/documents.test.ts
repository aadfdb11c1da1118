import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { resolveDocumentKey } from '../../functions/adapters/documents/document-path.js';
import { putDocument } from './support/documents.js';
import { createImportedAccount } from './support/imported-account.js';
import { postNotes, postStatements } from './support/post-import-api.js';
import { prepareAcmeToken, token } from './support/prepare.js';
import { accountItems } from './support/store.js';

prepareAcmeToken();

const ROOT = 'migrations/acme';

describe('Document paths resolve to <root_location>/<path> (leading / tolerated, repeated / collapsed)', () => {
  it.each([
    ['path/to/document.pdf', `${ROOT}/path/to/document.pdf`],
    ['/path/to/document.pdf', `${ROOT}/path/to/document.pdf`],
    ['//path///to//document.pdf', `${ROOT}/path/to/document.pdf`],
    ['./path/./document.pdf', `${ROOT}/path/document.pdf`],
    ['a%20b.pdf', `${ROOT}/a%20b.pdf`],
  ])('resolves %j to %j', (path, key) => {
    // Act
    const resolved = resolveDocumentKey(`/${ROOT}/`, path);
    // Assess
    expect(resolved).toEqual({ ok: true, key });
  });

  it.each([
    ['../x', 'a parent segment'],
    ['docs/../../x', 'a nested parent segment'],
    ['%2e%2e/x', 'a percent-encoded parent segment'],
    ['docs/%2E%2e/%2e%2E/x', 'a mixed-case percent-encoded parent segment'],
    ['s3://other-bucket/x.pdf', 'an absolute URL to another bucket'],
    ['https://example.com/x.pdf', 'an http URL'],
    ['docs\\x.pdf', 'a backslash'],
    ['docs/x\u0000.pdf', 'a NUL character'],
    ['docs/x\n.pdf', 'a newline'],
    ['docs/x%00.pdf', 'a percent-encoded NUL'],
    ['%2', 'a broken percent-encoding'],
    ['///', 'no segment at all'],
  ])('refuses %j (%s)', (path) => {
    // Act
    const resolved = resolveDocumentKey(ROOT, path);
    // Assess
    expect(resolved.ok).toBe(false);
  });
});

describe('Documents over HTTP: invalid paths are 400 invalid_document_path, missing objects path_does_not_exist_in_file_store', () => {
  it.each(['../x.pdf', '%2e%2e/x.pdf', 's3://other-bucket/x.pdf', 'docs/x\u0001.pdf', 'docs\\x.pdf'])(
    'answers 400 invalid_document_path for %j and writes nothing',
    async (path) => {
      // Prepare
      const account = await createImportedAccount();
      // Act
      const response = await postNotes(token, account, [
        { document_paths: [{ document_path: 'ok.pdf' }, { document_path: path }] },
      ]);
      // Assess
      expect(response.status).toBe(400);
      expect(response.json.errors).toEqual([
        expect.objectContaining({
          attr: 'notes.0.document_paths.1.document_path',
          code: 'invalid_document_path',
        }),
      ]);
      expect(await accountItems(account.service_account_number, 'NOTE')).toEqual([]);
    },
  );

  it('answers 400 path_does_not_exist_in_file_store for a path with no object', async () => {
    // Prepare
    const account = await createImportedAccount();
    // Act
    const response = await postNotes(token, account, [
      { body: 'x', document_paths: [{ document_path: `missing/${randomUUID()}.pdf` }] },
    ]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([
      expect.objectContaining({
        attr: 'notes.0.document_paths.0.document_path',
        code: 'path_does_not_exist_in_file_store',
      }),
    ]);
  });

  it('answers 400 path_does_not_exist_in_file_store for an object of another supplier root', async () => {
    // Prepare
    const account = await createImportedAccount();
    const name = `${randomUUID()}.pdf`;
    await putDocument(`migrations/globex/${name}`);
    // Act
    const response = await postNotes(token, account, [{ document_paths: [{ document_path: name }] }]);
    // Assess
    expect(response.status).toBe(400);
    expect(response.json.errors[0].code).toBe('path_does_not_exist_in_file_store');
  });

  it('accepts an existing object under the supplier root and stores only its reference', async () => {
    // Prepare
    const account = await createImportedAccount();
    const name = `letters/${randomUUID()}.pdf`;
    await putDocument(`${ROOT}/${name}`);
    // Act
    const response = await postNotes(token, account, [{ document_paths: [{ document_path: `/${name}` }] }]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json[0]).toMatchObject({
      status: 'NOTE_CREATION_SUCCESS',
      document_paths: [{ document_path: `/${name}` }],
    });
    const [note] = await accountItems(account.service_account_number, 'NOTE#');
    expect(note?.documents).toEqual([
      { document_path: `/${name}`, uri: `s3://${process.env.DATA_IMPORT_BUCKET_NAME}/${ROOT}/${name}` },
    ]);
  });

  it('accepts an existing object whose path has a segment over 255 bytes (S3 keys take any shape up to 1024 bytes)', async () => {
    // Prepare
    const account = await createImportedAccount();
    const name = `${'long-segment-'.repeat(25)}${randomUUID()}/letter.pdf`;
    await putDocument(`${ROOT}/${name}`);
    // Act
    const response = await postNotes(token, account, [{ document_paths: [{ document_path: name }] }]);
    // Assess
    expect(response.status).toBe(201);
    expect(response.json[0]).toMatchObject({ status: 'NOTE_CREATION_SUCCESS' });
  });

  it('deduplicates a note without body on its document paths', async () => {
    // Prepare
    const account = await createImportedAccount();
    const name = `${randomUUID()}.pdf`;
    await putDocument(`${ROOT}/${name}`);
    await postNotes(token, account, [{ document_paths: [{ document_path: name }] }]);
    // Act: the same document, written with a leading slash, is the same note
    const response = await postNotes(token, account, [{ document_paths: [{ document_path: `/${name}` }] }]);
    // Assess
    expect(response.json[0].status).toBe('NOTE_ALREADY_EXISTS');
  });

  it('checks statement_path like a document path', async () => {
    // Prepare
    const account = await createImportedAccount();
    const statement = {
      statement_id: 'S-1',
      bill_period_from_date: '2025-11-01',
      bill_period_to_date: '2025-11-30',
      issued_date: '2025-12-02',
      number: 'S-0001',
      gross_amount: 54.21,
    };
    // Act
    const escaping = await postStatements(token, account, [
      { ...statement, statement_path: '../secret.pdf' },
    ]);
    const missing = await postStatements(token, account, [
      { ...statement, statement_path: `${randomUUID()}.pdf` },
    ]);
    // Assess
    expect(escaping.json.errors).toEqual([
      expect.objectContaining({ attr: 'statements.0.statement_path', code: 'invalid_document_path' }),
    ]);
    expect(missing.json.errors).toEqual([
      expect.objectContaining({
        attr: 'statements.0.statement_path',
        code: 'path_does_not_exist_in_file_store',
      }),
    ]);
  });
});
