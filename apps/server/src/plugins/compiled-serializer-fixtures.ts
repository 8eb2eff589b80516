/** Values of zod schemas for the compiled serializer's property tests (compiled-serializer.test.ts). */
import fc from 'fast-check';
import { z } from 'zod';

/** zod's internals, to generate values from a schema. */
type Def = {
  type: string;
  format?: string;
  checks?: { _zod: { def: { check: string; maximum?: number; minimum?: number; length?: number } } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values zod refuses for most schemas, and some it accepts where it should not be asked to. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.constantFrom(undefined, null, Number.NaN, Infinity, -Infinity, 2 ** 53, 1.5, -0, '', [], {}),
);

const text = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', '"', '\\', '\u2028\u2029', '\ud800', 'é🙂', '</script>', '\u0000\n\t'),
);

/**
 * Values of a schema, each node replaced by junk one time in `1 / junkOdds` (0: always valid), optional
 * properties present, undefined or left out; with `extraKeys`, objects also have keys the schema does
 * not name (before its own), which zod strips.
 */
export function valuesOf(
  schema: z.ZodType,
  junkOdds: number,
  extraKeys = junkOdds > 0,
): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const node = (): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'string':
        // The formats the contracts use (ids, dates), among other text; any text where there is none.
        if (def.format === 'uuid') return junkOdds > 0 ? fc.oneof(fc.uuid(), text) : fc.uuid();
        if (def.format === 'datetime') {
          const dates = fc.date({ min: new Date(0), max: new Date('2999-12-31'), noInvalidDate: true });
          const iso = dates.map((date) => date.toISOString());
          return junkOdds > 0 ? fc.oneof(iso, text) : iso;
        }
        return text;
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'number':
        return def.format === 'safeint'
          ? fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(-0))
          : fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries!));
      case 'literal':
        return fc.constantFrom(...def.values!);
      case 'union':
        return fc.oneof(...def.options!.map((option) => valuesOf(option, junkOdds, extraKeys)));
      case 'nullable':
        return fc.oneof(fc.constant(null), valuesOf(def.innerType!, junkOdds, extraKeys));
      case 'array': {
        const bound = (name: string) => def.checks?.find((check) => check._zod.def.check === name)?._zod.def;
        const exactly = bound('length_equals')?.length;
        const minLength = exactly ?? bound('min_length')?.minimum ?? 0;
        const maxLength = exactly ?? Math.min(bound('max_length')?.maximum ?? 4, 4);
        return fc.array(valuesOf(def.element!, junkOdds, extraKeys), { minLength, maxLength });
      }
      case 'object': {
        const properties = Object.entries(def.shape!).map(([key, property]) => {
          const optional = defOf(property).type === 'optional';
          const value = valuesOf(optional ? defOf(property).innerType! : property, junkOdds, extraKeys);
          return [key, optional ? fc.option(fc.oneof(value, fc.constant(undefined)), { nil: OMIT }) : value];
        });
        const extra = fc.dictionary(
          fc.string().map((key) => `extra_${key}`),
          fc.jsonValue(),
          { maxKeys: extraKeys ? 2 : 0 },
        );
        return fc.tuple(fc.record(Object.fromEntries(properties)), extra).map(([record, more]) => {
          const value = { ...more, ...(record as Record<string, unknown>) };
          for (const key of Object.keys(value)) if (value[key] === OMIT) delete value[key];
          return value;
        });
      }
      default:
        throw new Error(`no generator for ${def.type}`);
    }
  };
  return junkOdds > 0
    ? fc.oneof({ arbitrary: junk, weight: 1 }, { arbitrary: node(), weight: junkOdds })
    : node();
}
const OMIT = Symbol('omit');

/** What zod's serializer writes, or that it refuses. */
export function zodText(schema: z.ZodType, value: unknown): string | 'refused' {
  const result = z.safeEncode(schema, value);
  return result.success ? JSON.stringify(result.data) : 'refused';
}

/** What the compiled check lets JSON.stringify write, or that it sends the value to zod. */
export function fastText(conforms: (value: unknown) => boolean, value: unknown): string | 'refused' {
  return conforms(value) ? JSON.stringify(value) : 'refused';
}
