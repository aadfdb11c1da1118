import { gunzipSync, gzipSync } from 'node:zlib';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { claimNow } from '../rules/claims/claim.js';
import {
  type IdempotencyRecord,
  KEPT_ANSWER_SECONDS,
  type KeptAnswer,
  type KeyVerdict,
  verdict,
} from '../rules/idempotency/idempotency-key.js';
import { isConditionFailure } from './condition-failure.js';
import { documentClient, TABLE_NAME } from './dynamodb.js';
import { keys, type TableKey } from './keys.js';
import type { TransactItem } from './transact-write.js';

/**
 * The record of an idempotency key (`IDEMPOTENCY#<organisation>#<sha256 of the key>`): the claim
 * of the request in flight (`IN_FLIGHT`, `claim_holder`, `claim_expires_at`: the one claim model),
 * then the answer kept (`COMPLETED`, `answer_status`, `answer_gz`), or `RELEASED` after a 5xx.
 * `expires_at` (the table's TTL) removes it 24 h after it was last written. Every write is an
 * UpdateItem (in a transaction or alone), so a function needs no other action to keep keys.
 */

/** A key claimed by one request: the record and the claim's holder. */
export interface KeyClaim {
  key: TableKey;
  holder: string;
}

/** The largest compressed answer kept (an item holds 400 KB at most). */
const MAX_ANSWER_BYTES = 300_000;

export function idempotencyRecordKey(organisation: string, keyHash: string): TableKey {
  return keys.idempotencyKey(organisation, keyHash);
}

const ttl = (now: Date) => Math.floor(now.getTime() / 1000) + KEPT_ANSWER_SECONDS;

export interface ClaimRequest {
  claim: KeyClaim;
  requestHash: string;
  /** The claim's expiry (the holder's deadline plus the margin: `claimExpiry`). */
  expiresAt: string;
  now: Date;
}

/**
 * Claims the key for a request: taken when the key is new, released, or held by a dead holder
 * of the same request (its claim expired). Otherwise the verdict on what the record holds
 * (answer again, 422, 409) from the record returned with the refused condition.
 */
export async function claimKey(request: ClaimRequest): Promise<KeyVerdict> {
  const { claim, requestHash, expiresAt, now } = request;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await documentClient.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: claim.key,
          UpdateExpression:
            'SET #state = :in_flight, request_hash = :hash, claim_holder = :holder, claim_expires_at = :claim_expires, expires_at = :ttl REMOVE answer_status, answer_gz',
          ConditionExpression:
            'attribute_not_exists(pk) OR #state = :released OR (#state = :in_flight AND request_hash = :hash AND claim_expires_at <= :now)',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: {
            ':in_flight': 'IN_FLIGHT',
            ':released': 'RELEASED',
            ':hash': requestHash,
            ':holder': claim.holder,
            ':claim_expires': expiresAt,
            ':ttl': ttl(now),
            ':now': claimNow(now),
          },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      );
      return { kind: 'free' };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const item = (error as { Item?: Parameters<typeof unmarshall>[0] }).Item;
      const found = verdict(item ? recordOf(unmarshall(item)) : undefined, requestHash, now);
      // Free by now (released, or expired since): claim it again.
      if (found.kind !== 'free') return found;
    }
  }
  throw new Error('The idempotency key kept changing while it was claimed');
}

function recordOf(item: Record<string, unknown>): IdempotencyRecord {
  const compressed = item.answer_gz;
  const answer =
    typeof item.answer_status === 'number' && compressed instanceof Uint8Array
      ? { status: item.answer_status, body: JSON.parse(gunzipSync(compressed).toString('utf8')) }
      : undefined;
  return {
    state: item.state as IdempotencyRecord['state'],
    ...(typeof item.request_hash === 'string' ? { request_hash: item.request_hash } : {}),
    ...(typeof item.claim_expires_at === 'string' ? { claim_expires_at: item.claim_expires_at } : {}),
    ...(answer ? { answer } : {}),
  };
}

/**
 * The Update that keeps `answer` under the claimed key, only while the claim is the request's:
 * a transaction item (written with the request's last writes) or a write of its own.
 * Undefined when the answer is too large to keep (the key is then released: a retry runs).
 */
export function keptAnswerUpdate(claim: KeyClaim, answer: KeptAnswer, now: Date): TransactItem | undefined {
  const compressed = gzipSync(JSON.stringify(answer.body ?? null));
  if (compressed.byteLength > MAX_ANSWER_BYTES) return undefined;
  return {
    Update: {
      TableName: TABLE_NAME,
      Key: claim.key,
      UpdateExpression:
        'SET #state = :completed, answer_status = :status, answer_gz = :answer, expires_at = :ttl REMOVE claim_holder, claim_expires_at',
      ConditionExpression: 'claim_holder = :holder',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':completed': 'COMPLETED',
        ':status': answer.status,
        ':answer': compressed,
        ':ttl': ttl(now),
        ':holder': claim.holder,
      },
    },
  };
}

/** Keeps the answer of a request whose writes did not carry it (or that wrote nothing). */
export async function keepAnswer(claim: KeyClaim, answer: KeptAnswer, now: Date): Promise<void> {
  const update = keptAnswerUpdate(claim, answer, now);
  if (!update?.Update) {
    await releaseKey(claim);
    return;
  }
  await sendIfStillHeld(update.Update);
}

/** Frees the key after an answer that is not kept (a 5xx): the retry runs. */
export async function releaseKey(claim: KeyClaim): Promise<void> {
  await sendIfStillHeld({
    TableName: TABLE_NAME,
    Key: claim.key,
    UpdateExpression: 'SET #state = :released REMOVE request_hash, claim_holder, claim_expires_at',
    ConditionExpression: 'claim_holder = :holder',
    ExpressionAttributeNames: { '#state': 'state' },
    ExpressionAttributeValues: { ':released': 'RELEASED', ':holder': claim.holder },
  });
}

/** A write on the key's record that changes nothing once another holder has it (never, while ours lives). */
async function sendIfStillHeld(update: NonNullable<TransactItem['Update']>): Promise<void> {
  try {
    await documentClient.send(new UpdateCommand(update));
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
