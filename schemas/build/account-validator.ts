import standaloneCode from 'ajv/dist/standalone/index.js';
import { deprecatedFieldsModule } from './account-deprecations.js';
import { ACCOUNT_ROOT, loadAccountComponents } from './account-schema-source.js';
import { validatorSchema } from './account-validator-schema.js';
import { GENERATED_HEADER, type GeneratedFile } from './generated-file.js';
import { createAjv, requireToImport } from './standalone-esm.js';

/**
 * The whole-account validator (`EnergyAccount`), compiled ahead of time from the project's schema
 * source (schemas/account/components/), kept apart from the routes' request validators:
 *   - `functions/account-validation/generated/energy-account.js` + `.d.ts`: the ajv standalone
 *     validator, with the request validators' configuration (no English messages; `date` and
 *     `date-time` from functions/validation/formats.ts);
 *   - `functions/account-validation/generated/deprecated-fields.ts`: where deprecated fields are,
 *     for the warnings (functions/account-validation/deprecation-warnings.ts).
 */

export const ACCOUNT_VALIDATOR_DIR = 'functions/account-validation/generated';
const ACCOUNT_VALIDATOR_ID = 'urn:data-import:validator:energy-account';

/**
 * Formats the published document uses beyond the request validators' three. Regular expressions,
 * so ajv writes them into the validator. `decimal`: a plain decimal number (the published
 * patterns bound its digits); `time`: a time of day `hh:mm`, `hh:mm:ss` or with a fraction.
 */
export const ACCOUNT_FORMATS = {
  decimal: /^-?(?:\d+(?:\.\d*)?|\.\d+)$/,
  time: /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?$/,
};

export function compileAccountValidator(root: string): string {
  const components = loadAccountComponents(root);
  const ajv = createAjv({ messages: false, formatsModule: '../../validation/formats.js', inlineRefs: false });
  for (const [name, format] of Object.entries(ACCOUNT_FORMATS)) ajv.addFormat(name, format);
  ajv.addSchema(validatorSchema(components, ACCOUNT_VALIDATOR_ID));
  return requireToImport(standaloneCode(ajv, { validate: ACCOUNT_VALIDATOR_ID }));
}

export async function generateAccountValidatorFiles(root: string): Promise<GeneratedFile[]> {
  const components = loadAccountComponents(root);
  return [
    {
      path: `${ACCOUNT_VALIDATOR_DIR}/energy-account.js`,
      content: `// ${GENERATED_HEADER}\n${compileAccountValidator(root)}`,
    },
    {
      path: `${ACCOUNT_VALIDATOR_DIR}/energy-account.d.ts`,
      content: [
        `// ${GENERATED_HEADER}`,
        "import type { CompiledValidator } from '../../validation/field-errors.js';",
        "import type { EnergyAccountPayload } from '../energy-account-payload.js';",
        `/** Validates one \`${ACCOUNT_ROOT}\` against schemas/account/components/. */`,
        'export declare const validate: CompiledValidator<EnergyAccountPayload>;',
        '',
      ].join('\n'),
    },
    {
      path: `${ACCOUNT_VALIDATOR_DIR}/deprecated-fields.ts`,
      content: `// ${GENERATED_HEADER}\n${deprecatedFieldsModule(components)}`,
    },
  ];
}
