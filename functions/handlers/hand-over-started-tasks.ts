import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { backgroundHandler } from '../adapters/aws/background-handler.js';
import { sqsTaskQueue } from '../adapters/queue/task-queue.js';
import { type StoredAccountTask, toTask } from '../store/account-task-read-store.js';
import { handOverWrittenTasks } from '../use-cases/hand-over-tasks.js';

/**
 * The table stream feeds it the v2 task items as they are written (the event source's filter
 * passes PENDING tasks not yet queued; the use case checks again, as the local runtime delivers
 * every record): a task whose window has started goes to the queue at once.
 * A hand-over that fails leaves the task due, and the sweep hands it out within a minute.
 */
export const handler = backgroundHandler(
  async (event: DynamoDBStreamEvent): Promise<{ handedOver: number }> => {
    const written: StoredAccountTask[] = [];
    for (const record of event.Records) {
      const image = record.dynamodb?.NewImage;
      if ((record.eventName !== 'INSERT' && record.eventName !== 'MODIFY') || !image) continue;
      const item = unmarshall(image as Record<string, AttributeValue>);
      const task = item.entity === 'AccountTask' ? toTask(item) : undefined;
      if (task) written.push(task);
    }
    return { handedOver: await handOverWrittenTasks(written, sqsTaskQueue, new Date()) };
  },
);
