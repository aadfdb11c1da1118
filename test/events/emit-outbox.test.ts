import { randomUUID } from 'node:crypto';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { emit, InvalidEventPayloadError } from '../../functions/events/emit.js';
import {
  accountCreatedV1,
  dataImportImportProcessCompleteV1,
} from '../../functions/events/generated/emitted-validators.js';
import { outboxPut } from '../../functions/events/outbox.js';
import { validateEvent } from '../../functions/events/validate-event.js';
import { documentClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { readEvents, waitForEvents } from '../support/events-file.js';

/**
 * Against the local runtime (DynamoDB Local, the stream poller, the publisher and the local
 * EventBridge endpoint): a state change and its events are written in one transaction, as the
 * stores do; an invalid payload throws inside `emit`, before the transaction is even built.
 */

const marker = (name: string) => `EVENTS-TEST-${name}-${randomUUID()}`;

async function writeStateWithEvents(id: string, buildEvents: () => ReturnType<typeof emit>[]): Promise<void> {
  await documentClient.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: TABLE_NAME,
            Item: { pk: `EVENTS-TEST#${id}`, sk: 'STATE', entity: 'EventsTest' },
          },
        },
        outboxPut(TABLE_NAME, buildEvents()),
      ],
    }),
  );
}

async function stateExists(id: string): Promise<boolean> {
  const result = await documentClient.send(
    new GetCommand({ TableName: TABLE_NAME, Key: { pk: `EVENTS-TEST#${id}`, sk: 'STATE' } }),
  );
  return result.Item !== undefined;
}

describe('The publisher never sends an event whose payload fails its schema', () => {
  it('an invalid payload throws in emit and neither the state change nor any event is written', async () => {
    // Prepare
    const invalid = marker('invalid');
    const valid = marker('valid');
    // Act
    const failed = writeStateWithEvents(invalid, () => [
      emit(dataImportImportProcessCompleteV1, {
        resource_type: 'ACCOUNT',
        external_identifier: invalid,
        // @ts-expect-error identifier must be a string
        identifier: 12345,
      }),
    ]);
    await expect(failed).rejects.toThrow(InvalidEventPayloadError);
    await writeStateWithEvents(valid, () => [
      emit(dataImportImportProcessCompleteV1, {
        resource_type: 'ACCOUNT',
        external_identifier: valid,
        identifier: 'A-0000ABCD',
      }),
    ]);
    // Assess: the valid event went all the way through; the invalid one never existed
    const delivered = await waitForEvents((event) => event.detail?.payload?.external_identifier === valid);
    expect(delivered).toHaveLength(1);
    expect(await stateExists(valid)).toBe(true);
    expect(await stateExists(invalid)).toBe(false);
    expect(readEvents().filter((event) => JSON.stringify(event.detail).includes(invalid))).toEqual([]);
  });

  it('what the bus receives is the catalogue envelope: source data-import, detail-type <type>@<version>, a valid detail', async () => {
    // Prepare
    const account = marker('envelope');
    // Act
    await writeStateWithEvents(account, () => [
      emit(accountCreatedV1, {
        account_number: account,
        account_user_emails: ['a@example.com'],
        is_imported: true,
      }),
    ]);
    // Assess
    const [event] = await waitForEvents((candidate) => candidate.detail?.payload?.account_number === account);
    expect(event).toMatchObject({ source: 'data-import', 'detail-type': 'account.created@v1' });
    expect(validateEvent(event!.detail)).toMatchObject({ valid: true });
  });
});
