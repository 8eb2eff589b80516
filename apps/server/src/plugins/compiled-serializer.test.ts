import fc from 'fast-check';
import Fastify, { type FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MatchEventSchema, ProfileSchema, UserListSchema } from '@motema/shared/discovery';
import { ZoneListSchema } from '@motema/shared/zones';
import { ApiErrorSchema, apiErrors } from '../lib/api-responses.ts';
import { compileConformance, compiledSerializerCompiler } from './compiled-serializer.ts';
import { fastText, valuesOf, zodText } from './compiled-serializer-fixtures.ts';

const MIXED = z.object({
  flag: z.boolean(),
  nothing: z.null(),
  ratio: z.number(),
  tags: z.array(z.string()).min(1).max(3),
  pair: z.array(z.int()).length(2),
  kind: z.union([z.literal('a'), z.literal(2), z.literal(true), z.enum(['x', 'y'])]).nullable(),
  nested: z.object({ deep: z.array(z.object({ n: z.int().nullable().optional() })) }).optional(),
});

const CONTRACTS: [string, z.ZodType][] = [
  ['UserListSchema (GET /api/users)', UserListSchema],
  ['ProfileSchema', ProfileSchema],
  ['MatchEventSchema', MatchEventSchema],
  ['ApiErrorSchema', ApiErrorSchema],
  ['ZoneListSchema', ZoneListSchema],
  ['a schema of every supported kind', MIXED],
];

describe('compiled conformance checks', () => {
  it.each(CONTRACTS)('%s: a value of exactly its shape is written as zod writes it', (_name, schema) => {
    const conforms = compileConformance(schema);
    expect(conforms).not.toBeNull();
    fc.assert(
      fc.property(valuesOf(schema, 0), (value) => {
        const expected = zodText(schema, value);
        expect(expected).not.toBe('refused');
        expect(fastText(conforms!, value)).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it.each(CONTRACTS)('%s: nothing zod refuses or would rewrite conforms', (_name, schema) => {
    const conforms = compileConformance(schema)!;
    const serialize = compiledSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
    let [refused, stripped] = [0, 0];
    fc.assert(
      fc.property(valuesOf(schema, 8), (value) => {
        const expected = zodText(schema, value);
        const fast = fastText(conforms, value);
        if (expected === 'refused') refused++;
        else if (fast === 'refused') stripped++;
        // Either the check lets JSON.stringify write zod's very text, or it leaves the value to zod.
        expect(fast === 'refused' || fast === expected).toBe(true);
        if (expected === 'refused') expect(fast).toBe('refused');
        // And the route's serializer answers zod's text, or throws as zod does.
        let answered: string;
        try {
          answered = serialize(value);
        } catch {
          answered = 'refused';
        }
        expect(answered).toBe(expected);
      }),
      { numRuns: 600 },
    );
    // The property saw values zod refuses and values whose extra keys it strips.
    expect(refused).toBeGreaterThan(20);
    expect(stripped).toBeGreaterThan(20);
  });

  it('leaves to zod a member card that zod refuses or would strip', () => {
    const conforms = compileConformance(UserListSchema)!;
    const card = {
      _id: 'a',
      username: 'amani',
      firstName: null,
      name: 'amani',
      age: 30,
      sex: 'female',
      verified: false,
      avatar: null,
      activity: 'today',
      distance: 5,
    };
    const list = (changes: object) => ({ users: [{ ...card, ...changes }], count: 1 });
    expect(conforms(list({}))).toBe(true);
    expect(JSON.stringify(list({}))).toBe(JSON.stringify(UserListSchema.parse(list({}))));
    for (const changes of [
      { age: 30.5 },
      { age: Number.NaN },
      { distance: 3 },
      { sex: 'other' },
      { activity: undefined },
      { avatar: { thumbnail: '/x.webp' } },
      { photos: Array(5).fill({}) },
      { about: 7 },
    ]) {
      expect(zodText(UserListSchema, list(changes)), JSON.stringify(changes)).toBe('refused');
      expect(conforms(list(changes)), JSON.stringify(changes)).toBe(false);
    }
    // Valid, but not as written: zod strips the key, or writes the keys in the schema's order.
    const { _id, ...rest } = card;
    for (const value of [list({ dateOfBirth: '1990-01-01' }), { users: [{ ...rest, _id }], count: 1 }]) {
      expect(zodText(UserListSchema, value)).not.toBe('refused');
      expect(conforms(value)).toBe(false);
    }
    expect(conforms({ users: [], count: 0, toJSON: () => 'x' })).toBe(false);
    expect(
      conforms(Object.assign(Object.create({ toJSON: () => 'x' }) as object, { users: [], count: 0 })),
    ).toBe(false);
  });

  it('checks a string’s format and length as zod does, and leaves a string zod rewrites to zod', () => {
    const cases: [z.ZodType, unknown[], unknown[]][] = [
      [z.uuid(), ['0b6f9a1e-7c2d-4e5f-8a9b-1c2d3e4f5a6b'], ['0b6f9a1e', '', 7]],
      [z.iso.datetime(), ['2026-12-04T23:40:00.000Z'], ['2026-12-04', 'yesterday', null]],
      [z.email(), ['awa@example.com'], ['awa@', '']],
      [z.string().min(2).max(3), ['ab', 'abc'], ['a', 'abcd']],
      [z.string().trim(), ['as is'], [' spaced ']],
    ];
    for (const [schema, conforming, others] of cases) {
      const conforms = compileConformance(schema)!;
      for (const value of conforming) expect(conforms(value), String(value)).toBe(true);
      for (const value of others) expect(conforms(value), String(value)).toBe(false);
    }
    // Rewritten by zod (trimmed): its text is zod's, not the value's.
    const serialize = compiledSerializerCompiler({
      schema: z.object({ name: z.string().trim() }),
      method: 'GET',
      url: '/x',
      httpStatus: '200',
    });
    expect(serialize({ name: ' Awa ' })).toBe('{"name":"Awa"}');
  });

  it('does not compile what it cannot check as zod does', () => {
    for (const schema of [
      z.number().min(0),
      z.date(),
      z.string().transform((value) => value.length),
      z.object({ a: z.string() }).strict(),
      z.object({ a: z.string() }).passthrough(),
      z.object({ a: z.string().default('x') }),
      z.record(z.string(), z.string()),
      z.tuple([z.string()]),
      z.union([z.string(), z.number()]),
      z.array(z.string()).refine((list) => list.length > 0),
      z.undefined(),
    ]) {
      expect(compileConformance(schema)).toBeNull();
    }
  });
});

describe('compiledSerializerCompiler on a route', () => {
  async function server(answer: unknown) {
    // Without the type provider: the handlers answer values outside the schema on purpose.
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    app.get(
      '/list',
      {
        serializerCompiler: compiledSerializerCompiler,
        schema: { response: { 200: UserListSchema, ...apiErrors({ 404: 'not_found' }) } },
      },
      (request, reply) => {
        if (!(request.query as { missing?: string }).missing) return answer as never;
        // The 404's schema is an error answer's content object: zod's serializer, extra key stripped.
        return (reply as unknown as FastifyReply)
          .code(404)
          .send({ statusCode: 404, code: 'not_found', message: 'Not found', extra: 1 });
      },
    );
    await app.ready();
    return app;
  }
  const card = {
    _id: 'b',
    username: 'bisi',
    firstName: 'Bisi',
    name: 'Bisi',
    age: 41,
    sex: 'male',
    verified: true,
    avatar: { thumbnail: '/api/media/b/160.webp', placeholder: 'data:image/webp;base64,AA', id: 'hidden' },
    activity: 'online',
    distance: null,
    dateOfBirth: '1985-01-01',
  };

  it('answers the text zod writes, unknown keys dropped; error answers go through zod', async () => {
    const answer = { users: [card, { ...card, _id: 'c', avatar: null }], count: 2 };
    const app = await server(answer);
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(UserListSchema.parse(answer)));
    expect(res.body).not.toContain('hidden');
    expect(res.body).not.toContain('dateOfBirth');
    const missing = await app.inject({ method: 'GET', url: '/list?missing=1' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ statusCode: 404, code: 'not_found', message: 'Not found' });
    await app.close();
  });

  it('fails an answer outside the schema as zod does (500, zod’s serialization error)', async () => {
    const app = await server({ users: [{ ...card, age: '41' }], count: 1 });
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.statusCode).toBe(500);
    expect(res.json().code).toBe('FST_ERR_RESPONSE_SERIALIZATION');
    await app.close();
  });
});
