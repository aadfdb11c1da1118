import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { marshall } from '@aws-sdk/util-dynamodb';
import { App, Stack } from 'aws-cdk-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxPut } from '../../functions/events/outbox.js';
import { environmentConfig } from '../../infra/config/environments.js';
import { ServiceFunction } from '../../infra/constructs/service-function.js';
import { toLambdaEventImage } from '../../infra/local/lambda-event-image.js';
import { backgroundFunctions } from '../../infra/routes.js';

/**
 * A REAL bundling of one function by the team's construct (the locally installed esbuild, no
 * Docker), then the bundle is imported by a fresh Node process, as Lambda's Node runtime does.
 */
describe('the construct bundles a function into a minified ESM file with a source map that loads in Node', () => {
  let outdir: string;
  let bundleDir: string;

  beforeAll(() => {
    // Prepare
    outdir = mkdtempSync(path.join(tmpdir(), 'data-import-bundle-'));
    const app = new App({ outdir });
    new ServiceFunction(new Stack(app, 'BundleProbe'), 'Publisher', {
      definition: backgroundFunctions.publisher,
      config: environmentConfig('dev'),
    });

    // Act
    app.synth();
    const assets = readdirSync(outdir).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    bundleDir = path.join(outdir, assets[0]!);
  }, 120_000);

  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('writes index.mjs (ESM) and its source map', () => {
    // Assess
    expect(readdirSync(bundleDir).sort()).toEqual(['index.mjs', 'index.mjs.map']);
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    expect(code).toMatch(/\/\/# sourceMappingURL=index\.mjs\.map\s*$/);
    const map = JSON.parse(readFileSync(path.join(bundleDir, 'index.mjs.map'), 'utf8'));
    expect(map.sources.some((s: string) => s.endsWith('functions/handlers/publish-outbox-events.ts'))).toBe(
      true,
    );
  });

  it('its source map holds mappings only, not the sources’ text, so a cold start parses less', () => {
    // Act
    const map = JSON.parse(readFileSync(path.join(bundleDir, 'index.mjs.map'), 'utf8'));
    // Assess
    expect(map.mappings.length).toBeGreaterThan(0);
    expect(map.sourcesContent).toBeUndefined();
  });

  it('its source map maps the service’s own code only: a frame in a package keeps its bundle position', () => {
    // Prepare
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');
    const map = JSON.parse(readFileSync(path.join(bundleDir, 'index.mjs.map'), 'utf8'));
    const lines = code.split('\n');
    const positionOf = (text: string) => {
      const line = lines.findIndex((l) => l.includes(text));
      return { line, column: lines[line]!.indexOf(text) };
    };
    const sourceMap = new SourceMap(map);

    // Act
    const own = positionOf('Unreadable outbox item');
    const sdk = positionOf('com.amazonaws.eventbridge');
    const ownEntry = sourceMap.findEntry(own.line, own.column);
    const sdkEntry = sourceMap.findEntry(sdk.line, sdk.column);

    // Assess
    expect(map.sources.filter((source: string) => source.includes('node_modules'))).toEqual([]);
    expect('originalSource' in ownEntry && ownEntry.originalSource).toMatch(
      /functions\/handlers\/publish-outbox-events\.ts$/,
    );
    expect('originalSource' in sdkEntry ? sdkEntry.originalSource : undefined).toBeUndefined();
  });

  it('is minified, bundles the AWS SDK and gives CommonJS dependencies a `require`', () => {
    // Prepare
    const code = readFileSync(path.join(bundleDir, 'index.mjs'), 'utf8');

    // Assess
    const lines = code.split('\n');
    expect(code.length / lines.length).toBeGreaterThan(2_000);
    // (booleans, so that a failure does not print the whole bundle)
    expect(code.startsWith("import { createRequire as __cjsCreateRequire } from 'node:module';")).toBe(true);
    expect(/from\s*["']@aws-sdk\//.test(code)).toBe(false);
    expect(code.includes('com.amazonaws.eventbridge')).toBe(true);
  });

  it('loads in a fresh Node process and its handler runs', () => {
    // Prepare
    const entry = path.join(bundleDir, 'index.mjs');
    expect(existsSync(entry)).toBe(true);
    const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(entry).href)});
      process.stdout.write(JSON.stringify(await handler({ Records: [] })));
    `;

    // Act
    const result = spawnSync(
      process.execPath,
      ['--enable-source-maps', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
        cwd: tmpdir(),
        env: {
          PATH: process.env.PATH,
          AWS_REGION: 'eu-west-2',
          AWS_ACCESS_KEY_ID: 'bundle-test',
          AWS_SECRET_ACCESS_KEY: 'bundle-test',
          DATA_IMPORT_EVENT_BUS_NAME: 'bundle-test-bus',
          POWERTOOLS_LOG_LEVEL: 'ERROR',
        },
      },
    );

    // Assess
    // Node 22, as on Lambda: nothing on stderr (no SDK Node-version warning, no load error).
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ batchItemFailures: [] });
  });

  it('sends events with the credentials Lambda puts in the environment (the bundled credential provider)', () => {
    // Prepare: an outbox record, delivered by the bundle to the local EventBridge endpoint
    const entry = path.join(bundleDir, 'index.mjs');
    const detail = {
      event_type: 'data_import.import_process.complete',
      version: 'v1',
      event_id: `bundle-${process.pid}-${Date.now()}`,
      occurred_at: '2026-01-01T00:00:00Z',
      payload: { resource_type: 'ACCOUNT', external_identifier: 'BUNDLE-1', identifier: 'A-00000001' },
    };
    const record = {
      eventName: 'INSERT',
      dynamodb: {
        SequenceNumber: '1',
        // As Lambda's event JSON carries it: the compressed events as a base64 string.
        NewImage: toLambdaEventImage(marshall(outboxPut('bundle-table', [detail]).Put.Item)),
      },
    };
    const script = `
      const { handler } = await import(${JSON.stringify(pathToFileURL(entry).href)});
      process.stdout.write(JSON.stringify(await handler({ Records: [${JSON.stringify(record)}] })));
    `;

    // Act
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      cwd: tmpdir(),
      env: {
        PATH: process.env.PATH,
        AWS_REGION: 'eu-west-2',
        AWS_ACCESS_KEY_ID: 'bundle-test',
        AWS_SECRET_ACCESS_KEY: 'bundle-test',
        AWS_ENDPOINT_URL_EVENTBRIDGE: process.env.AWS_ENDPOINT_URL_EVENTBRIDGE,
        DATA_IMPORT_EVENT_BUS_NAME: 'bundle-test-bus',
        POWERTOOLS_LOG_LEVEL: 'ERROR',
      },
    });

    // Assess
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ batchItemFailures: [] });
    const delivered = readFileSync(String(process.env.DATA_IMPORT_EVENTS_FILE), 'utf8');
    expect(delivered.includes(detail.event_id)).toBe(true);
  });
});
