import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';

type MediaType = { schema?: object };
type Response = { description?: string; content?: Record<string, MediaType> };
type Operation = { responses?: Record<string, Response> };
export type OpenApiDocument = {
  openapi: string;
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};
type Answer = { statusCode: number; headers: Record<string, unknown>; body: string; rawPayload: Buffer };

/** A JSON pointer segment (RFC 6901). */
const pointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');

/** Whether `type` (an answer's Content-Type) is the documented media type `range` (`image/*`, `*\/*`). */
function mediaTypeMatches(range: string, type: string): boolean {
  const [rangeType, rangeSubtype] = range.split('/');
  const [actualType, actualSubtype] = type.split(';')[0]!.trim().toLowerCase().split('/');
  return (
    (rangeType === '*' || rangeType === actualType) &&
    (rangeSubtype === '*' || rangeSubtype === actualSubtype)
  );
}

/**
 * QUALITY R2 as an assertion: an answer's status is one the app's OpenAPI document gives for that
 * operation, its Content-Type one of that response's media types, and a JSON body valid against the
 * documented schema (a response documented without content has an empty body). The schemas are
 * checked by Ajv in the document's own dialect, `$ref`s to components resolved in the document.
 */
export function openApiConformance(t: Pick<TestApp, 'app'>) {
  const document = t.app.swagger() as unknown as OpenApiDocument;
  expect(document.openapi).toMatch(/^3\.1\./);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi.json');

  return {
    document,
    /** `method` and `path` as the document writes them (`post`, `/api/photos/{id}`). */
    expectDocumented(method: string, path: string, answer: Answer) {
      const where = `${method.toUpperCase()} ${path} answered ${answer.statusCode} ${answer.body.slice(0, 300)}`;
      const responses = document.paths?.[path]?.[method.toLowerCase()]?.responses ?? {};
      const status = String(answer.statusCode);
      expect(Object.keys(responses), `${where}: status not documented`).toContain(status);
      const content = responses[status]!.content;
      if (!content) {
        expect(answer.rawPayload.length, `${where}: documented without a body`).toBe(0);
        return;
      }
      const type = String(answer.headers['content-type'] ?? '');
      const mediaType = Object.keys(content).find((range) => mediaTypeMatches(range, type));
      expect(
        mediaType,
        `${where}: Content-Type ${type} not among ${Object.keys(content).join(', ')}`,
      ).toBeDefined();
      if (!mediaType!.endsWith('json')) return;
      const ref = ['paths', path, method.toLowerCase(), 'responses', status, 'content', mediaType!, 'schema']
        .map(pointer)
        .join('/');
      const validate = ajv.getSchema(`openapi.json#/${ref}`);
      expect(validate, `${where}: no schema at ${ref}`).toBeDefined();
      const valid = validate!(JSON.parse(answer.body));
      expect(valid, `${where}: ${ajv.errorsText(validate!.errors)}`).toBe(true);
    },
  };
}
