import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson, { type Schema } from 'fast-json-stringify';
import { z } from 'zod';

/** Subschema positions of the JSON Schema that zod writes. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
const SCHEMA_ONE = new Set(['items', 'additionalProperties', 'not']);

type JsonSchema = Record<string, unknown>;

const isNull = (s: unknown) => (s as JsonSchema).type === 'null';

/**
 * `anyOf: [S, null]` (zod's nullable) as S whose type also allows null: a
 * union makes fast-json-stringify validate the value against each branch.
 */
function nullableAsType(schema: JsonSchema): JsonSchema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2 || Object.keys(schema).length !== 1) {
    return schema;
  }
  const other = (branches as JsonSchema[]).find((b) => !isNull(b));
  if (!other || !branches.some(isNull) || typeof other.type !== 'string') return schema;
  const { enum: values, ...rest } = other;
  return {
    ...rest,
    type: [other.type, 'null'],
    ...(Array.isArray(values) ? { enum: [...values, null] } : {}),
  };
}

/**
 * Drops `additionalProperties: false` everywhere: fast-json-stringify writes
 * only the declared properties anyway (as zod strips the others), and a union
 * branch must still match an object that carries more fields than it names.
 * Nullable unions become nullable types (see nullableAsType).
 */
function loosen(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(loosen);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, child] of Object.entries(schema)) {
    if (key === 'additionalProperties' && child === false) continue;
    if (SCHEMA_MAPS.has(key) && child && typeof child === 'object') {
      out[key] = Object.fromEntries(Object.entries(child).map(([k, v]) => [k, loosen(v)]));
    } else if (SCHEMA_LISTS.has(key) || SCHEMA_ONE.has(key)) out[key] = loosen(child);
    else out[key] = child;
  }
  return nullableAsType(out);
}

/** The zod schema of a route's response, as JSON Schema for fast-json-stringify. */
export function responseJsonSchema(schema: z.ZodType): Schema {
  const json = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  return loosen(json) as Schema;
}

type Write = (data: unknown) => string;

const fastWriters = new WeakMap<z.ZodType, Write>();
const checkingWriters = new WeakMap<z.ZodType, Write>();

/** The compiled writer of a schema, made once per schema. */
function fastWriter(schema: z.ZodType): Write {
  let write = fastWriters.get(schema);
  if (!write) {
    write = fastJson(responseJsonSchema(schema)) as Write;
    fastWriters.set(schema, write);
  }
  return write;
}

/**
 * The compiled writer checked against zod: the value must pass the schema (as
 * before) and the compiled writer must write exactly what zod's would, so a
 * shape it gets wrong fails the tests instead of reaching users.
 */
function checkingWriter(schema: z.ZodType, label: string): Write {
  let write = checkingWriters.get(schema);
  if (!write) {
    const fast = fastWriter(schema);
    write = (data) => {
      const expected = JSON.stringify(z.encode(schema, data));
      const written = fast(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`The compiled writer of ${label} wrote ${written}, zod wrote ${expected}`);
      }
      return written;
    };
    checkingWriters.set(schema, write);
  }
  return write;
}

/**
 * The JSON writer of a response schema: compiled once per schema (no zod
 * parse on every reply, which cost a large share of a read), and checked
 * against zod when `checked` (under tests).
 */
export function responseWriter(schema: z.ZodType, checked: boolean, label = 'a response'): Write {
  return checked ? checkingWriter(schema, label) : fastWriter(schema);
}

/** Fastify's serializer compiler made of responseWriter. */
export function serializerCompiler(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => responseWriter(schema, checked, `${method} ${url}`);
}
