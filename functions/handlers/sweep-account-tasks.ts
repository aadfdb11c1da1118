import type { ScheduledEvent } from 'aws-lambda';
import { backgroundHandler } from '../adapters/aws/background-handler.js';
import { sqsTaskQueue } from '../adapters/queue/task-queue.js';
import { sweepAccountTasks } from '../use-cases/sweep-account-tasks.js';

/**
 * Scheduled (every minute): hands v2 tasks whose window started to the queue, hands tasks
 * whose worker died to it again, and cancels tasks whose window ended.
 */
export const handler = backgroundHandler(async (_event: Partial<ScheduledEvent> | undefined) =>
  sweepAccountTasks(new Date(), sqsTaskQueue),
);
