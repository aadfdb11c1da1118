import { loadLocalSubscribers, subscribersDir } from '../../local/local-subscribers.js';
import { replayInCloud } from '../events/cloud-replay.js';
import { localEventsFile, replayLocally } from '../events/local-replay.js';
import { newReplayName, parseReplayWindow } from '../events/replay-window.js';
import { type Command, UsageError } from './command.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The local runtime's EventBridge endpoint is in use: AWS_ENDPOINT_URL_EVENTBRIDGE (or _EVENTS) on this machine. */
export function pointsAtLocalRuntime(env: NodeJS.ProcessEnv = process.env): boolean {
  return [env.AWS_ENDPOINT_URL_EVENTBRIDGE, env.AWS_ENDPOINT_URL_EVENTS].some((url) => {
    try {
      return url !== undefined && LOOPBACK.has(new URL(url).hostname);
    } catch {
      return false;
    }
  });
}

function parsePollSeconds(value: unknown): number {
  if (value === undefined) return 10;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600)
    throw new UsageError('--poll-seconds must be 0–600');
  return seconds;
}

export const eventsCommands: Command[] = [
  {
    name: ['events', 'replay'],
    usage: 'events replay --from T --to T [--subscriber NAME] [--subscribers FILE] [--local]',
    summary: 'deliver the archived events of [from, to) again, to one subscriber or all',
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      subscriber: { type: 'string' },
      subscribers: { type: 'string' },
      local: { type: 'boolean', default: false },
      'poll-seconds': { type: 'string' },
    },
    async run({ values, environment }) {
      const window = parseReplayWindow(values.from, values.to);
      const subscriber = typeof values.subscriber === 'string' ? values.subscriber : undefined;
      const replayName = newReplayName();
      if (values.local === true || pointsAtLocalRuntime()) {
        const known = loadLocalSubscribers(
          typeof values.subscribers === 'string' ? values.subscribers : undefined,
        );
        const chosen = subscriber === undefined ? known : known.filter((s) => s.name === subscriber);
        if (chosen.length === 0) {
          throw new UsageError(
            `no local subscriber ${subscriber} (known: ${known.map((s) => s.name).join(', ') || 'none'}); ` +
              'pass the --subscribers FILE the runtime was started with',
          );
        }
        const delivered = replayLocally({
          replayName,
          window,
          subscribers: chosen,
          eventsFile: localEventsFile(),
          subscribersDir: subscribersDir(),
        });
        for (const [name, count] of delivered)
          console.log(`${replayName}: ${count} event(s) replayed to ${name}`);
        return 0;
      }
      const completed = await replayInCloud({
        replayName,
        window,
        environment: environment ?? 'dev',
        subscriber,
        pollSeconds: parsePollSeconds(values['poll-seconds']),
        report: (line) => console.log(line),
      });
      return completed ? 0 : 1;
    },
  },
];
