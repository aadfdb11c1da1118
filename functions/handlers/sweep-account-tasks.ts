import type { ScheduledEvent } from 'aws-lambda';
import { sqsTaskQueue } from '../adapters/queue/task-queue.js';
import { sweepAccountTasks } from '../use-cases/sweep-account-tasks.js';

/**
 * Scheduled (every minute): hands v2 tasks whose window started to the queue, hands tasks
 * whose worker died to it again, and cancels tasks whose window ended.
 */
export async function handler(_event?: Partial<ScheduledEvent>) {
  return sweepAccountTasks(new Date(), sqsTaskQueue);
}
