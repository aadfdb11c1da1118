import { setTimeout as sleep } from 'node:timers/promises';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeReplayCommand,
  type DescribeReplayCommandOutput,
  DescribeRuleCommand,
  EventBridgeClient,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import type { ReplayWindow } from './replay-window.js';

/**
 * A replay in the cloud: EventBridge's StartReplay from the service's archive for the window,
 * to the service's bus, limited to one subscriber's rule (`Destination.FilterArns`) or to all
 * rules, then DescribeReplay until it ends. The archive and bus come from the outputs of the
 * stack `DataImport-<env>`; a subscriber's rule is named after the subscriber.
 */
export interface CloudReplay {
  replayName: string;
  window: ReplayWindow;
  environment: string;
  subscriber?: string;
  /** Seconds between two DescribeReplay calls. */
  pollSeconds: number;
  report: (line: string) => void;
}

const ENDED = new Set(['COMPLETED', 'FAILED', 'CANCELLED']);

interface ServiceBus {
  archiveArn: string;
  busArn: string;
  busName: string;
}

async function serviceBusOf(environment: string): Promise<ServiceBus> {
  const stackName = `DataImport-${environment}`;
  const client = new CloudFormationClient({});
  try {
    const { Stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName }));
    const outputs = new Map((Stacks?.[0]?.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
    const [archiveArn, busArn, busName] = ['EventArchiveArn', 'EventBusArn', 'EventBusName'].map((key) => {
      const value = outputs.get(key);
      if (!value) throw new Error(`stack ${stackName} has no ${key} output (deploy the current version)`);
      return value;
    });
    return { archiveArn, busArn, busName } as ServiceBus;
  } finally {
    client.destroy();
  }
}

async function ruleArnOf(client: EventBridgeClient, bus: ServiceBus, subscriber: string): Promise<string> {
  try {
    const { Arn } = await client.send(
      new DescribeRuleCommand({ Name: subscriber, EventBusName: bus.busName }),
    );
    if (!Arn) throw new Error(`rule ${subscriber} has no ARN`);
    return Arn;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new Error(`no subscriber ${subscriber} on bus ${bus.busName}: is it declared and deployed?`);
    }
    throw error;
  }
}

function progress(replay: DescribeReplayCommandOutput, window: ReplayWindow): string {
  const last = replay.EventLastReplayedTime;
  const span = window.to.getTime() - window.from.getTime();
  const done = last ? Math.min(100, Math.max(0, ((last.getTime() - window.from.getTime()) / span) * 100)) : 0;
  const through = last ? `, replayed through ${last.toISOString()} (${done.toFixed(0)}% of the window)` : '';
  return `${replay.ReplayName}: ${replay.State}${through}`;
}

/** Starts the replay and reports until it ends; true when it completed. */
export async function replayInCloud(replay: CloudReplay): Promise<boolean> {
  const bus = await serviceBusOf(replay.environment);
  const client = new EventBridgeClient({});
  try {
    const filterArns = replay.subscriber ? [await ruleArnOf(client, bus, replay.subscriber)] : undefined;
    await client.send(
      new StartReplayCommand({
        ReplayName: replay.replayName,
        Description: `data-import ${replay.environment}: ${replay.subscriber ?? 'all subscribers'}`,
        EventSourceArn: bus.archiveArn,
        EventStartTime: replay.window.from,
        EventEndTime: replay.window.to,
        Destination: { Arn: bus.busArn, ...(filterArns ? { FilterArns: filterArns } : {}) },
      }),
    );
    replay.report(
      `started ${replay.replayName}: ${replay.window.from.toISOString()} to ${replay.window.to.toISOString()} ` +
        `from ${bus.archiveArn} to ${replay.subscriber ? `subscriber ${replay.subscriber}` : 'every rule of the bus'}`,
    );
    for (;;) {
      const state = await client.send(new DescribeReplayCommand({ ReplayName: replay.replayName }));
      replay.report(progress(state, replay.window));
      if (ENDED.has(state.State ?? '')) {
        if (state.StateReason) replay.report(`reason: ${state.StateReason}`);
        return state.State === 'COMPLETED';
      }
      await sleep(replay.pollSeconds * 1000);
    }
  } finally {
    client.destroy();
  }
}
