import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** An S3 error answer: its status, its `<Code>`, its `<Message>` and any further elements. */
export interface S3Refusal {
  status: number;
  code: string;
  message: string;
  detail?: Record<string, string>;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** The XML error document S3 sends (none for a HEAD, whose answer has no body). */
export function sendS3Refusal(
  response: ServerResponse,
  refusal: S3Refusal,
  method: string | undefined,
): void {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  const elements = Object.entries({ Code: refusal.code, Message: refusal.message, ...refusal.detail })
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join('');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${elements}<RequestId>${requestId}</RequestId></Error>`;
  response.writeHead(refusal.status, {
    'content-type': 'application/xml',
    'x-amz-request-id': requestId,
    ...(method === 'HEAD' ? {} : { 'content-length': Buffer.byteLength(body) }),
  });
  response.end(method === 'HEAD' ? undefined : body);
}
