import type { AnySchema } from 'ajv';
import Ajv, { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import addFormats from 'ajv-formats';

/**
 * What differs between the two kinds of compiled validators. Request validators leave out ajv's
 * English messages (`messages: false`): functions/validation/field-errors.ts words every error
 * from its keyword and params, so the messages were dead text in every bundle that takes a body.
 * Event validators keep them: a subscriber's `validateEvent` and the emitter's refusal quote them.
 */
export interface ValidatorOptions {
  messages: boolean;
  /**
   * The module the validator takes its `date` and `date-time` checks from, relative to the
   * generated file; ajv-formats' own module when absent. Request validators use the project's
   * (functions/validation/formats.ts), which carries only those two.
   */
  formatsModule?: string;
  /**
   * Whether a referenced schema is compiled into each place that refers to it (ajv's default) or
   * once, as a function the places call. The whole account refers to its components from many
   * places: once each keeps its validator a fraction of the size, and of the time a cold start
   * spends loading it.
   */
  inlineRefs?: boolean;
}

/** The one ajv configuration every compiled validator (requests and events) is built with. */
export function createAjv(
  { messages, formatsModule, inlineRefs = true }: ValidatorOptions = { messages: true },
): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    inlineRefs,
    strict: true,
    messages,
    code: {
      source: true,
      esm: true,
      lines: false,
      ...(formatsModule ? { formats: _`require(${formatsModule})` } : {}),
    },
  });
  addFormats(ajv, ['date', 'date-time', 'email']);
  return ajv;
}

/**
 * ajv's standalone output still `require`s its runtime helpers even in ESM mode. Rewrite
 * each `require("x")` into a static import so the file is valid ESM for Node and esbuild.
 */
export function requireToImport(source: string): string {
  const modules = new Map<string, string>();
  const body = source.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    const withExtension = specifier.endsWith('.js') ? specifier : `${specifier}.js`;
    let alias = modules.get(withExtension);
    if (alias === undefined) {
      alias = `runtime${modules.size}`;
      modules.set(withExtension, alias);
    }
    return alias;
  });
  // A namespace import, merged with its `default`, gives ajv's CommonJS runtime modules the
  // same shape (`x.default`, `x.fullFormats`) under Node's ESM loader (default = module.exports)
  // and under bundler interop (esbuild, vite: default = exports.default).
  const imports = [...modules].flatMap(([specifier, alias]) => [
    `import * as ${alias}Module from ${JSON.stringify(specifier)};`,
    `const ${alias} = { ...${alias}Module, ...(typeof ${alias}Module.default === "object" && ${alias}Module.default !== null ? ${alias}Module.default : {}) };`,
  ]);
  return `${imports.join('\n')}\n${body.replace(/^"use strict";/, '')}\n`;
}

/** Compiles named schemas into one ESM module exporting a validator per name. */
export function compileStandalone(
  schemas: Record<string, AnySchema>,
  extraSchemas: readonly AnySchema[] = [],
  options?: ValidatorOptions,
): string {
  const ajv = createAjv(options);
  for (const schema of extraSchemas) ajv.addSchema(schema);
  const refs: Record<string, string> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const id = `urn:data-import:validator:${name}`;
    ajv.addSchema(schema, id);
    refs[name] = id;
  }
  return requireToImport(standaloneCode(ajv, refs));
}
