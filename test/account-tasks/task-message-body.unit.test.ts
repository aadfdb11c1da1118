import { describe, expect, it } from 'vitest';
import { messageBody } from '../../functions/adapters/queue/message-body.js';

/** The characters SQS accepts in a message body (its SendMessage reference). */
const SQS_BODY = /^[\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

describe('Rule: a task message reaches the queue whatever the account number holds', () => {
  it.each([
    ['ASCII', 'ACC-0001'],
    ['accented letters', 'Zoë-Ünal'],
    ['a character above U+FFFF', '\u{C1873}'],
    ['an emoji', 'ACC-🔥'],
    ['a lone surrogate', 'A\uD800B'],
    ['control characters', 'A\u0000\u0007B'],
  ])('%s: the body holds only characters SQS accepts, and parses back to the same message', (_, external) => {
    // Prepare
    const message = { import_supplier: 'SUPPLIER', external_account_number: external, task_id: 'task-1' };

    // Act
    const body = messageBody(message);

    // Assess
    expect(SQS_BODY.test(body)).toBe(true);
    expect(/^[\x20-\x7e]*$/.test(body)).toBe(true);
    expect(JSON.parse(body)).toEqual(message);
  });
});
