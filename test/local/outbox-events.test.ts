import { describe, expect, it } from 'vitest';
import { waitForEvents } from '../support/events-file.js';

describe('An event written to the outbox is published to the events file with the documented EventBridge envelope', () => {
  it('appears once, with source data-import, detail-type <type>@<version> and the full detail', async () => {
    // Prepare
    const { documentClient, TABLE_NAME } = await import('../../functions/store/dynamodb.js');
    const { newEventDetail, outboxPut } = await import('../../functions/events/outbox.js');
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const marker = `outbox-${Date.now()}-${Math.random()}`;
    const detail = newEventDetail('data_import.import_process.complete', 'v1', { marker });

    // Act
    await documentClient.send(new TransactWriteCommand({ TransactItems: [outboxPut(TABLE_NAME, [detail])] }));

    // Assess
    const [event, ...more] = await waitForEvents((e) => e.detail?.event_id === detail.event_id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      version: '0',
      source: 'data-import',
      'detail-type': 'data_import.import_process.complete@v1',
      account: expect.any(String),
      region: 'eu-west-2',
      resources: [],
      time: detail.occurred_at,
      detail: {
        event_type: 'data_import.import_process.complete',
        version: 'v1',
        event_id: detail.event_id,
        occurred_at: detail.occurred_at,
        payload: { marker },
      },
    });
    expect(event?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
