import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { documentClient, dynamoDbClient, TABLE_NAME } from '../../functions/store/dynamodb.js';
import { keys } from '../../functions/store/keys.js';
import { obtainToken } from '../support/auth.js';
import { captureConsumerLog, deliver, type OutcomeEntry } from './support/join-supplier-events.js';
import { getStatuses, sendRegistrationFlows } from './support/meter-points-api.js';
import { requestedAccount, statusesOf } from './support/requested-account.js';

/**
 * The consumer stopped dead at each of its AWS calls, once before the call leaves and once
 * after its answer arrives, then the event delivered again, as Lambda's retry or a redrive
 * would: the meter points end where one clean delivery leaves them, and a later repeat of the
 * event changes nothing. (A throw from SDK middleware plays the crash: nothing of the consumer
 * runs after it, and the in-flight call either never left or was answered.)
 */

const CRASH_POINT = 'crash-point';

class Crash extends Error {
  override name = 'Crash';
}

/** Counts the consumer's DynamoDB calls; with `crash`, stops it at call `at`, before or after it. */
function watchCalls(crash?: { at: number; when: 'before' | 'after' }) {
  const calls: string[] = [];
  dynamoDbClient.middlewareStack.add(
    (next, context) => async (args) => {
      calls.push(context.commandName as string);
      if (crash?.at !== calls.length) return next(args);
      if (crash.when === 'before') throw new Crash(`before ${context.commandName}`);
      await next(args);
      throw new Crash(`after ${context.commandName}`);
    },
    { step: 'initialize', name: CRASH_POINT },
  );
  return calls;
}

let log: ReturnType<typeof captureConsumerLog>;
beforeEach(() => {
  log = captureConsumerLog();
});
afterEach(() => {
  dynamoDbClient.middlewareStack.remove(CRASH_POINT);
  log.restore();
});

/** An account whose meter points were requested, and the cancellation of that process. */
async function requestedWithCancellation(token: string) {
  const account = await requestedAccount(token);
  return { ...account, cancelled: account.outcome('cancelled') };
}

async function recordOf(entry: OutcomeEntry) {
  const { Item } = await documentClient.send(
    new GetCommand({
      TableName: TABLE_NAME,
      Key: keys.inboundEvent(JSON.parse(entry.Detail).event_id),
      ConsistentRead: true,
    }),
  );
  return Item;
}

describe('A crash of the consumer at any of its AWS calls, then a redelivery, converges', () => {
  it('a clean delivery makes its reads and then one transaction', async () => {
    // Prepare
    const token = await obtainToken();
    const { cancelled } = await requestedWithCancellation(token);
    const calls = watchCalls();

    // Act
    await deliver(cancelled);

    // Assess
    expect(calls).toEqual(['BatchGetItemCommand', 'TransactWriteItemsCommand']);
  });

  it.each([
    [1, 'before'],
    [1, 'after'],
    [2, 'before'],
    [2, 'after'],
  ] as const)(
    'stopped at call %i, %s it: the redelivery withdraws the meter points once, and the event repeated after a new request changes nothing',
    async (at, when) => {
      // Prepare
      const token = await obtainToken();
      const { external, mpxns, cancelled } = await requestedWithCancellation(token);
      const calls = watchCalls({ at, when });

      // Act: the crash, the redelivery, a new request, the event once more
      const crashed = await deliver(cancelled).catch((error: Error) => error);
      dynamoDbClient.middlewareStack.remove(CRASH_POINT);
      const redelivered = await deliver(cancelled);
      const afterRedelivery = (await getStatuses(token, external)).json;
      expect((await sendRegistrationFlows(token, external)).status).toBe(200);
      const repeated = await deliver(cancelled);

      // Assess
      expect(crashed).toBeInstanceOf(Crash);
      expect(calls).toHaveLength(at);
      const committed = at === 2 && when === 'after';
      expect(redelivered.result).toBe(committed ? 'repeated' : 'applied');
      expect(afterRedelivery).toEqual(statusesOf(mpxns, 'REGISTRATION_WITHDRAWN'));
      expect(repeated.result).toBe('repeated');
      expect((await getStatuses(token, external)).json).toEqual(statusesOf(mpxns, 'REGISTRATION_REQUESTED'));
      expect(await recordOf(cancelled)).toMatchObject({ updated_meter_points: mpxns });
    },
  );
});
