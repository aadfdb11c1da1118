/**
 * A message as JSON with every character outside ASCII escaped (`\uXXXX`). SQS refuses a body
 * holding characters outside XML's set (a lone surrogate, control characters), and a task message
 * carries an account number, the caller's text; escaped, any text travels, and the consumer's
 * JSON.parse gives it back exactly. The local SQS stand-in also refuses characters above U+FFFF
 * that SQS accepts. A message that is ASCII already (a bulk job's ids, kinds and numbers) is its
 * JSON as is.
 */
export function messageBody(message: unknown): string {
  return JSON.stringify(message).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
