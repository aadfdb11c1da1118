import type { TaskMessage } from '../../rules/account-task/engine.js';

/**
 * The message as JSON with every character outside ASCII escaped (`\uXXXX`). SQS refuses a body
 * holding characters outside XML's set (a lone surrogate, control characters), and an account
 * number is the caller's text; escaped, any text travels, and the worker's JSON.parse gives it back
 * exactly. The local SQS stand-in also refuses characters above U+FFFF that SQS accepts.
 */
export function messageBody(message: TaskMessage): string {
  return JSON.stringify(message).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
