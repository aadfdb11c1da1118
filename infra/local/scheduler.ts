import type { ScheduledEvent } from 'aws-lambda';
import { integerEnv } from '../../functions/config.js';
import { lambdaContext } from './proxy-event.js';

/**
 * Runs the scheduled expiry function (functions/handlers/cancel-expired-import-processes.ts)
 * every DATA_IMPORT_EXPIRY_SWEEP_SECONDS (default 300), as the stack's EventBridge schedule
 * does in the cloud. Errors are logged, never fatal.
 */
export function scheduledEvent(now = new Date()): ScheduledEvent {
  const region = process.env.AWS_REGION ?? 'eu-west-2';
  return {
    version: '0',
    id: crypto.randomUUID(),
    'detail-type': 'Scheduled Event',
    source: 'aws.events',
    account: '000000000000',
    time: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    region,
    resources: [`arn:aws:events:${region}:000000000000:rule/data-import-local-expiry`],
    detail: {},
  };
}

export function startExpirySweep(options: {
  loadHandler: (id: string) => Promise<unknown>;
  log: (line: string) => void;
}): { stop(): Promise<void> } {
  const seconds = integerEnv('DATA_IMPORT_EXPIRY_SWEEP_SECONDS', 300, { min: 1, max: 86_400 });
  let running: Promise<void> = Promise.resolve();
  const sweep = async () => {
    try {
      const module = (await options.loadHandler('cancel-expired-import-processes')) as {
        handler: (event: ScheduledEvent, context: unknown) => Promise<unknown>;
      };
      await module.handler(
        scheduledEvent(),
        lambdaContext('data-import-local-cancel-expired-import-processes'),
      );
    } catch (error) {
      options.log(`expiry sweep failed: ${(error as Error).message}`);
    }
  };
  const timer = setInterval(() => {
    running = sweep();
  }, seconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
