import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedRules } from '../../schemas/account/published-rules.js';
import {
  ACCOUNT_COMPONENTS_DIR,
  ACCOUNT_ROOT,
  componentName,
  loadAccountComponents,
  type SchemaNode,
} from '../../schemas/build/account-schema-source.js';
import {
  compileAccountValidator,
  generateAccountValidatorFiles,
} from '../../schemas/build/account-validator.js';
import { staleFiles } from '../../schemas/generate.js';
import { projectRoot } from '../../schemas/project-root.js';

/** Every schema node of a component, with where it is. */
function* nodes(node: SchemaNode, at: string): Generator<[string, SchemaNode]> {
  yield [at, node];
  for (const [name, child] of Object.entries(node.properties ?? {})) yield* nodes(child, `${at}.${name}`);
  if (node.items) yield* nodes(node.items, `${at}[]`);
  for (const part of [...(node.anyOf ?? []), ...(node.allOf ?? []), ...(node.oneOf ?? [])]) {
    yield* nodes(part, at);
  }
}

describe('The whole-account validator is generated from the schema source and never stale', () => {
  it('the compiled validator and its deprecation map on disk are what schemas/account/components/ produces', async () => {
    // Act
    const files = await generateAccountValidatorFiles(projectRoot);
    // Assess
    expect(files.map((file) => file.path)).toEqual([
      'functions/account-validation/generated/energy-account.js',
      'functions/account-validation/generated/energy-account.d.ts',
      'functions/account-validation/generated/deprecated-fields.ts',
    ]);
    expect(staleFiles(projectRoot, files)).toEqual([]);
  });

  it('a field added to a component of the source is declared in the validator compiled from it', () => {
    // Prepare
    const root = mkdtempSync(path.join(tmpdir(), 'account-schema-'));
    try {
      cpSync(path.join(projectRoot, ACCOUNT_COMPONENTS_DIR), path.join(root, ACCOUNT_COMPONENTS_DIR), {
        recursive: true,
      });
      const notePath = path.join(root, ACCOUNT_COMPONENTS_DIR, 'note.json');
      const note = JSON.parse(readFileSync(notePath, 'utf8')) as SchemaNode;
      note.properties!.follow_up_on = { type: 'string', format: 'date' };
      writeFileSync(notePath, JSON.stringify(note));
      // Act
      const before = compileAccountValidator(projectRoot);
      const after = compileAccountValidator(root);
      // Assess
      expect(before).not.toContain('follow_up_on');
      expect(after).toContain('"follow_up_on"');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('The schema source declares the published EnergyAccount and its components, closed at every depth', () => {
  const components = loadAccountComponents(projectRoot);

  it('every component EnergyAccount reaches is in the source, and every reference names one', () => {
    // Act
    const references = [...components.values()].flatMap((component) =>
      [...nodes(component, '')].flatMap(([, node]) => (node.$ref ? [node.$ref] : [])),
    );
    // Assess
    expect(components.has(ACCOUNT_ROOT)).toBe(true);
    for (const reference of references) {
      expect(components.has(componentName(reference)), reference).toBe(true);
    }
  });

  it('every object that declares its fields rejects undeclared ones (additionalProperties: false)', () => {
    // Act
    const open = [...components].flatMap(([name, component]) =>
      [...nodes(component, name)].filter(
        ([, node]) => node.properties && node.additionalProperties !== false,
      ),
    );
    // Assess
    expect(open.map(([at]) => at)).toEqual([]);
  });

  it('the source carries no prose: no description, comment or enum description anywhere', () => {
    // Act
    const prose = [...components].flatMap(([name, component]) =>
      [...nodes(component, name)].filter(([, node]) =>
        ['description', 'x-comment', 'x-enum-descriptions'].some((keyword) => keyword in node),
      ),
    );
    // Assess
    expect(prose.map(([at]) => at)).toEqual([]);
  });
});

describe('The published rules of EnergyAccount and its components are kept as data: name, codes, where they live', () => {
  const rules = publishedRules;
  const components = loadAccountComponents(projectRoot);

  it('each rule names a component of the source (and a field of it, where it lives on one) and its error codes', () => {
    // Assess
    for (const rule of rules) {
      expect(
        Object.keys(rule).every((key) => ['schema', 'attr', 'name', 'codes'].includes(key)),
        rule.name,
      ).toBe(true);
      const component = components.get(rule.schema);
      expect(component, rule.schema).toBeDefined();
      if (rule.attr !== undefined) expect(component!.properties, rule.name).toHaveProperty(rule.attr);
      for (const code of rule.codes) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('no two rules of the same component share a name', () => {
    // Act
    const keys = rules.map((rule) => `${rule.schema}/${rule.attr ?? ''}/${rule.name}`);
    // Assess
    expect(new Set(keys).size).toBe(keys.length);
  });
});
