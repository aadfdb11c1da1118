import { describe, expect, it } from 'vitest';
import { environments } from '../../infra/config/environments.js';
import { localSubscribers } from '../../infra/config/local-subscribers.js';
import { parseSubscribers, SubscriberConfigError } from '../../infra/subscribers/subscriber-declaration.js';

const queue = { kind: 'sqs', arn: 'arn:aws:sqs:eu-west-2:111111111111:billing' };
const deployed = (entries: unknown) => () =>
  parseSubscribers(entries, { source: 'environment test', targetRequired: true });

describe('Rule: a subscriber is named 1–64 of a-z 0-9 -, once per environment', () => {
  it.each([
    ['an upper-case letter', 'Billing'],
    ['an underscore', 'billing_ledger'],
    ['65 characters', 'a'.repeat(65)],
    ['an empty name', ''],
  ])('a name with %s fails with a message naming the entry', (_, name) => {
    // Act
    const parse = deployed([{ name, target: queue }]);

    // Assess
    expect(parse).toThrow(SubscriberConfigError);
    expect(parse).toThrow(
      /environment test: subscribers\[0\]\.name must be 1–64 characters of a-z, 0-9 and -/,
    );
  });

  it('the same name twice fails', () => {
    // Act
    const parse = deployed([
      { name: 'billing', target: queue },
      { name: 'billing', events: ['account.created'], target: queue },
    ]);

    // Assess
    expect(parse).toThrow(/subscribers\[1\]\.name "billing" is declared twice/);
  });

  it('a 64-character name of the allowed characters is accepted', () => {
    // Act
    const parsed = deployed([{ name: `a-${'0'.repeat(62)}`, target: queue }])();

    // Assess
    expect(parsed).toHaveLength(1);
  });
});

describe('Rule: events are checked against the catalogue', () => {
  it('an unknown event type fails, naming it', () => {
    // Act
    const parse = deployed([{ name: 'typo', events: ['account.craeted'], target: queue }]);

    // Assess
    expect(parse).toThrow(
      /subscribers\[0\]\.events\[0\]: "account.craeted" is not an event type of the catalogue/,
    );
  });

  it('a version the catalogue does not have fails and lists the versions it has', () => {
    // Act
    const parse = deployed([{ name: 'ledger', events: ['billing.ledger.entry_posted@v9'], target: queue }]);

    // Assess
    expect(parse).toThrow(/has no version "v9" in the catalogue \(it has v1, v2\)/);
  });

  it('an empty list fails: omit it to mean every event', () => {
    // Act
    const parse = deployed([{ name: 'nothing', events: [], target: queue }]);

    // Assess
    expect(parse).toThrow(/events must be a non-empty list, or omitted for every event/);
  });

  it('known types and type@version pairs are accepted as given', () => {
    // Act
    const [parsed] = deployed([
      { name: 'ok', events: ['account.created', 'billing.ledger.entry_posted@v2'], target: queue },
    ])();

    // Assess
    expect(parsed?.events).toEqual(['account.created', 'billing.ledger.entry_posted@v2']);
  });
});

describe('Rule: a deployed subscriber names a target of kind sqs, eventbus or lambda by its ARN', () => {
  it.each([
    ['a missing target', undefined, /target is required/],
    [
      'an unknown kind',
      { kind: 'sns', arn: 'arn:aws:sns:eu-west-2:111111111111:t' },
      /kind must be one of sqs, eventbus, lambda/,
    ],
    [
      'an ARN of another service',
      { kind: 'lambda', arn: queue.arn },
      /arn must be the ARN of a Lambda function, like/,
    ],
    [
      'a bus ARN without event-bus/',
      { kind: 'eventbus', arn: 'arn:aws:events:eu-west-2:111111111111:rule/x' },
      /arn must be the ARN of an event bus, like/,
    ],
  ])('%s fails', (_, target, message) => {
    // Act
    const parse = deployed([{ name: 'broken', target }]);

    // Assess
    expect(parse).toThrow(message);
  });

  it('a local subscriber may omit its target', () => {
    // Act
    const parsed = parseSubscribers([{ name: 'local-only' }], { source: 'file', targetRequired: false });

    // Assess
    expect(parsed).toEqual([{ name: 'local-only' }]);
  });
});

describe('Rule: the declared configuration itself is valid', () => {
  it('every deployable environment and the local declaration pass the checks', () => {
    // Act
    const check = () => {
      for (const config of Object.values(environments)) {
        parseSubscribers(config.subscribers, { source: config.name, targetRequired: true });
      }
      parseSubscribers(localSubscribers, { source: 'local', targetRequired: false });
    };

    // Assess
    expect(check).not.toThrow();
    expect(Object.keys(environments)).not.toContain('local');
  });
});
