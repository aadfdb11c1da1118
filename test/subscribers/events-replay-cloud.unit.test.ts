import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeReplayCommand,
  DescribeRuleCommand,
  EventBridgeClient,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventsCommands } from '../../infra/ops/commands/events.js';

const ARCHIVE_ARN = 'arn:aws:events:eu-west-2:111111111111:archive/DataImportstagingEventBusArchive';
const BUS_ARN = 'arn:aws:events:eu-west-2:111111111111:event-bus/data-import-staging';
const RULE_ARN = 'arn:aws:events:eu-west-2:111111111111:rule/data-import-staging/billing-ledger';

const eventBridge = mockClient(EventBridgeClient);
const cloudFormation = mockClient(CloudFormationClient);
const [replayCommand] = eventsCommands;

const run = (values: Record<string, string>) =>
  replayCommand?.run({ values: { 'poll-seconds': '0', ...values }, positionals: [], environment: 'staging' });

beforeEach(() => {
  // The cloud, not the local runtime the test run started.
  vi.stubEnv('AWS_ENDPOINT_URL_EVENTBRIDGE', '');
  vi.stubEnv('AWS_ENDPOINT_URL_EVENTS', '');
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
  eventBridge.reset();
  cloudFormation.reset();
  cloudFormation.on(DescribeStacksCommand, { StackName: 'DataImport-staging' }).resolves({
    Stacks: [
      {
        StackName: 'DataImport-staging',
        CreationTime: new Date(),
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: [
          { OutputKey: 'EventArchiveArn', OutputValue: ARCHIVE_ARN },
          { OutputKey: 'EventBusArn', OutputValue: BUS_ARN },
          { OutputKey: 'EventBusName', OutputValue: 'data-import-staging' },
        ],
      },
    ],
  });
  eventBridge
    .on(DescribeRuleCommand, { Name: 'billing-ledger', EventBusName: 'data-import-staging' })
    .resolves({ Arn: RULE_ARN });
  eventBridge
    .on(DescribeReplayCommand)
    .resolvesOnce({ State: 'STARTING' })
    .resolvesOnce({ State: 'RUNNING', EventLastReplayedTime: new Date('2026-03-01T09:30:00Z') })
    .resolves({ State: 'COMPLETED', EventLastReplayedTime: new Date('2026-03-01T10:00:00Z') });
  eventBridge.on(StartReplayCommand).resolves({ State: 'STARTING' });
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('Rule: a cloud replay starts from the service archive for the window and follows it to the end', () => {
  it('--subscriber NAME: StartReplay from the archive, to the bus, filtered to that subscriber’s rule', async () => {
    // Act
    const code = await run({
      from: '2026-03-01T09:00:00Z',
      to: '2026-03-01T10:00:00Z',
      subscriber: 'billing-ledger',
    });

    // Assess
    expect(code).toBe(0);
    const [start] = eventBridge.commandCalls(StartReplayCommand);
    expect(start?.args[0].input).toEqual({
      ReplayName: expect.stringMatching(/^replay-\d{8}T\d{6}Z-[0-9a-f]{6}$/),
      Description: expect.any(String),
      EventSourceArn: ARCHIVE_ARN,
      EventStartTime: new Date('2026-03-01T09:00:00Z'),
      EventEndTime: new Date('2026-03-01T10:00:00Z'),
      Destination: { Arn: BUS_ARN, FilterArns: [RULE_ARN] },
    });
    const polls = eventBridge.commandCalls(DescribeReplayCommand);
    expect(polls).toHaveLength(3);
    expect(polls.every((call) => call.args[0].input.ReplayName === start?.args[0].input.ReplayName)).toBe(
      true,
    );
    const printed = vi.mocked(console.log).mock.calls.map(([line]) => String(line));
    expect(printed).toContainEqual(
      expect.stringContaining('RUNNING, replayed through 2026-03-01T09:30:00.000Z (50% of the window)'),
    );
    expect(printed.at(-1)).toContain('COMPLETED');
  });

  it('no --subscriber: the replay goes to every rule of the bus (no FilterArns)', async () => {
    // Act
    const code = await run({ from: '2026-03-01', to: '2026-03-02' });

    // Assess
    expect(code).toBe(0);
    expect(eventBridge.commandCalls(DescribeRuleCommand)).toHaveLength(0);
    expect(eventBridge.commandCalls(StartReplayCommand)[0]?.args[0].input.Destination).toEqual({
      Arn: BUS_ARN,
    });
  });

  it('a replay that fails ends the command with 1 and its reason', async () => {
    // Prepare
    eventBridge.on(DescribeReplayCommand).resolves({ State: 'FAILED', StateReason: 'archive is disabled' });

    // Act
    const code = await run({ from: '2026-03-01', to: '2026-03-02' });

    // Assess
    expect(code).toBe(1);
    expect(vi.mocked(console.log).mock.calls.map(([line]) => String(line))).toContain(
      'reason: archive is disabled',
    );
  });

  it('an unknown subscriber fails before any replay starts', async () => {
    // Prepare
    eventBridge
      .on(DescribeRuleCommand, { Name: 'nobody' })
      .rejects(new ResourceNotFoundException({ message: 'Rule nobody does not exist.', $metadata: {} }));

    // Act
    const attempt = run({ from: '2026-03-01', to: '2026-03-02', subscriber: 'nobody' });

    // Assess
    await expect(attempt).rejects.toThrow('no subscriber nobody on bus data-import-staging');
    expect(eventBridge.commandCalls(StartReplayCommand)).toHaveLength(0);
  });
});
