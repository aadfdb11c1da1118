import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/**
 * The doc-runner's stand-in for the AWS CLI, used only where `aws` is not installed: the two
 * commands the docs run, with the CLI's arguments, its region and credential variables
 * (`AWS_DEFAULT_REGION` or `AWS_REGION`, `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`) and the
 * CLI's output, through the SDK:
 *
 *   aws events put-events --endpoint-url URL --entries JSON      → {"FailedEntryCount", "Entries"}
 *   aws s3 cp FILE s3://BUCKET/KEY --endpoint-url URL            → upload: FILE to s3://BUCKET/KEY
 *
 * Like the CLI v1 it refuses to run without a region. Anything else exits 2.
 */
const { values, positionals: words } = parseArgs({
  args: process.argv.slice(2),
  options: { 'endpoint-url': { type: 'string' }, entries: { type: 'string' }, region: { type: 'string' } },
  allowPositionals: true,
});
const [service, command, ...positionals] = words;
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const region = values.region ?? process.env.AWS_DEFAULT_REGION ?? process.env.AWS_REGION;
if (!region) {
  process.stderr.write(
    'You must specify a region. You can also configure your region by running "aws configure".\n',
  );
  process.exit(255);
}
const endpoint = values['endpoint-url'];

if (service === 'events' && command === 'put-events') {
  const client = new EventBridgeClient({ region, endpoint });
  const answer = await client.send(new PutEventsCommand({ Entries: JSON.parse(values.entries ?? '[]') }));
  process.stdout.write(
    `${JSON.stringify({ FailedEntryCount: answer.FailedEntryCount, Entries: answer.Entries }, null, 4)}\n`,
  );
} else if (service === 's3' && command === 'cp') {
  const [file, target] = positionals;
  const match = /^s3:\/\/([^/]+)\/(.+)$/.exec(target ?? '');
  if (!file || !match) {
    process.stderr.write('usage: aws s3 cp FILE s3://BUCKET/KEY\n');
    process.exit(2);
  }
  const client = new S3Client({ region, endpoint, forcePathStyle: true });
  await client.send(new PutObjectCommand({ Bucket: match[1], Key: match[2], Body: readFileSync(file) }));
  process.stdout.write(`upload: ${file} to ${target}\n`);
} else {
  process.stderr.write(
    `the doc-runner's aws stand-in runs only events put-events and s3 cp, not ${service} ${command}\n`,
  );
  process.exit(2);
}
