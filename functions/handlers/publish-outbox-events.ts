import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { backgroundHandler } from '../adapters/aws/background-handler.js';
import { type EventDetail, eventsOfOutboxItem } from '../events/outbox.js';
import { publishEvents } from '../events/publish.js';
import { logger } from '../logger.js';
import { OUTBOX_PK_PREFIX } from '../store/keys.js';

/**
 * The outbox publisher: the table stream (batch size 10) feeds it; every newly inserted
 * outbox item's events go to EventBridge. A record whose events cannot all be delivered is
 * reported as a batch item failure, so Lambda retries from it (and after the retries, the
 * record goes to the dead-letter queue). A record that cannot be read at all is poison:
 * it is reported too, ends in the dead-letter queue, and never blocks the others forever.
 */
export const handler = backgroundHandler(
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const batchItemFailures: DynamoDBBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if (record.eventName !== 'INSERT' || !image) continue;
      const item = unmarshall(image as Record<string, AttributeValue>);
      if (typeof item.pk !== 'string' || !item.pk.startsWith(OUTBOX_PK_PREFIX)) continue;
      const itemIdentifier = record.dynamodb?.SequenceNumber ?? '';
      let events: EventDetail[];
      try {
        events = eventsOfOutboxItem(item);
      } catch (error) {
        logger.error('Unreadable outbox item', { pk: item.pk, error: (error as Error).message });
        batchItemFailures.push({ itemIdentifier });
        continue;
      }
      const undelivered = await publishEvents(events);
      if (undelivered.length > 0) {
        logger.error('Events not delivered; the record will be retried', {
          pk: item.pk,
          undelivered: undelivered.map((e) => e.event_id),
        });
        batchItemFailures.push({ itemIdentifier });
        // Later records must wait: report every following record too, keeping order per shard.
        const index = event.Records.indexOf(record);
        for (const later of event.Records.slice(index + 1)) {
          batchItemFailures.push({ itemIdentifier: later.dynamodb?.SequenceNumber ?? '' });
        }
        break;
      }
    }
    return { batchItemFailures };
  },
);
