import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export is the plugin, under `default` once more when imported as ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const schema = JSON.parse(
  readFileSync(new URL('../fixtures/epcis/EPCIS-JSON-Schema.json', import.meta.url), 'utf8'),
) as object;

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(schema);

/** GS1's EPCIS 2.0 JSON schema's verdict on a document or event: the errors, none when it is valid. */
export function epcisSchemaErrors(document: unknown): ErrorObject[] {
  return validate(document) ? [] : [...(validate.errors ?? [])];
}
