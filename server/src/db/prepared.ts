import { createHash } from 'node:crypto';
import { Column, Name, Param, SQL, sql, StringChunk, Table, type Placeholder } from 'drizzle-orm';
import { isTransaction, type DbOrTx } from './client';
import { withRowsShapedOnce } from './row-shaper';
import { sameTurnRuns } from '../lib/same-turn';

/**
 * A statement made once per database handle and prepared under its name:
 * on PostgreSQL each pooled connection parses it once, and after a few runs
 * reuses a generic plan, so a hot lookup skips planning (which cost more
 * than running the release page's statement: see docs/decisions.md).
 * `make` must build the same SQL text every time (parameters as placeholders).
 */
export function preparedPer<P>(make: (db: DbOrTx) => P): (db: DbOrTx) => P {
  const made = new WeakMap<DbOrTx, P>();
  return (db) => {
    let statement = made.get(db);
    if (!statement) {
      statement = withRowsShapedOnce(make(db));
      made.set(db, statement);
    }
    return statement;
  };
}

/** The parts of Drizzle's session that run a statement under a name (not in its public API). */
interface NamingSession {
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}

/**
 * A statement's shape and values, read off its chunks without writing its
 * text: the static text and the tables, columns and names it holds (the
 * shape), and the values in the order Drizzle numbers its parameters.
 * Undefined for chunks whose text Drizzle works out in ways not followed
 * here (placeholders, inlined values, subqueries, aliases…): those
 * statements are written by Drizzle every time.
 */
export function shapeAndValues(statement: SQL): { shape: string; values: unknown[] } | undefined {
  const shape: string[] = [];
  const values: unknown[] = [];
  const inlined = (s: SQL) => (s as unknown as { shouldInlineParams: boolean }).shouldInlineParams;
  const walk = (chunks: readonly unknown[]): boolean => {
    for (const chunk of chunks) {
      if (chunk instanceof StringChunk) shape.push(chunk.value.join(''));
      else if (chunk instanceof SQL) {
        if (inlined(chunk) || !walk(chunk.queryChunks)) return false;
      } else if (chunk instanceof Param) {
        const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
        if (value instanceof SQL || chunk.value instanceof SQL) return false;
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) return false;
        shape.push('\u0000$');
        values.push(value);
      } else if (chunk instanceof Column) {
        shape.push(`\u0000c${identity(chunk.table)}.${chunk.name}`);
      } else if (chunk instanceof Table) shape.push(`\u0000t${identity(chunk)}`);
      else if (chunk instanceof Name) shape.push(`\u0000n${chunk.value}`);
      else if (chunk === undefined) continue;
      else if (chunk === null || ['string', 'number', 'boolean', 'bigint'].includes(typeof chunk)) {
        shape.push('\u0000$');
        values.push(chunk);
      } else return false;
    }
    return true;
  };
  if (inlined(statement) || !walk(statement.queryChunks)) return undefined;
  return { shape: shape.join(''), values };
}

const identities = new WeakMap<object, number>();
let identified = 0;
/** A number standing for a table in shapes: two tables of one name (aliases) differ. */
function identity(of: object): number {
  let id = identities.get(of);
  if (id === undefined) {
    identified += 1;
    id = identified;
    identities.set(of, id);
  }
  return id;
}

/** The texts of statements run by executeNamed, by shape, and their names. */
const namedTexts = new Map<string, { sql: string; name: string; params: number }>();
/** Past this many shapes the texts are forgotten and written again as they come. */
const NAMED_TEXTS_MAX = 1_000;

/**
 * Runs a statement built at run time as a prepared statement named after
 * its text (`prefix` and a hash), so each PostgreSQL connection parses a
 * text once and can keep its plan: with `plan_cache_mode` set to
 * `force_generic_plan` for the transaction, the plan is made once per
 * connection and text. Every distinct text stays prepared on every
 * connection that ran it, so the caller must keep the texts it sends this
 * way to a few shapes, with the values as parameters. On PGlite the name
 * is not used.
 *
 * Writing a large statement's text is dear (Drizzle's writing of the
 * search's ranking statement was an eighth of the server's time under
 * load), so the text is written once per shape (shapeAndValues) and kept;
 * later runs of the shape only read its values.
 */
export async function executeNamed(db: DbOrTx, prefix: string, statement: SQL): Promise<unknown> {
  const { session } = db as unknown as { session: NamingSession };
  const read = shapeAndValues(statement);
  const key = read && `${prefix}\u0000${read.shape}`;
  let known = key === undefined ? undefined : namedTexts.get(key);
  if (read && known?.params === read.values.length) {
    return session
      .prepareQuery({ sql: known.sql, params: read.values }, undefined, known.name, false)
      .execute();
  }
  const query = session.dialect.sqlToQuery(statement);
  const hash = createHash('sha1').update(query.sql).digest('hex').slice(0, 20);
  known = { sql: query.sql, name: `${prefix}_${hash}`, params: query.params.length };
  const same =
    read?.values.length === query.params.length &&
    read.values.every((value, i) => Object.is(value, query.params[i]));
  if (key !== undefined && same) {
    if (namedTexts.size >= NAMED_TEXTS_MAX) namedTexts.clear();
    namedTexts.set(key, known);
  }
  return session.prepareQuery(query, undefined, known.name, false).execute();
}

/**
 * Values bound to named placeholders while a statement is built, and the
 * shape of the statement: everything its text depends on. Code building a
 * statement branches only on what it marks or binds (a filter's presence,
 * a sort), never on a bound value, so one shape is always one text and
 * the statement can be made once (see ShapedStatements).
 */
export class Binder {
  readonly values: Record<string, unknown>;
  private readonly parts: string[];
  private boundReader: boolean;

  constructor(from?: Binder) {
    this.values = { ...from?.values };
    this.parts = [...(from?.parts ?? [])];
    this.boundReader = from?.boundReader ?? false;
  }

  /** A placeholder standing for `value`. */
  bind(name: string, value: unknown): Placeholder {
    if (name in this.values) throw new Error(`Placeholder bound twice: ${name}`);
    this.values[name] = value;
    this.parts.push(name);
    return sql.placeholder(name);
  }

  /**
   * A placeholder standing for the reader's own id: a statement holding one
   * answers one reader, so its runs are not shared (ShapedStatements.run).
   */
  bindReader(name: string, id: string): Placeholder {
    this.boundReader = true;
    return this.bind(name, id);
  }

  /** Whether a reader's id is bound (bindReader). */
  get forOneReader(): boolean {
    return this.boundReader;
  }

  /** Something besides the placeholders that changes the text (a sort, a condition with no value). */
  mark(part: string): void {
    this.parts.push(`#${part}`);
  }

  get shape(): string {
    return this.parts.join(' ');
  }
}

/** How many shapes of one kind of statement each database handle keeps prepared. */
const SHAPES_KEPT = 256;

/** A prepared query made by Drizzle, run with its placeholders' values. */
interface PreparedRun<T> {
  execute(values: Record<string, unknown>): Promise<T>;
}

/**
 * Statements of one kind built at run time, made once per database handle
 * and shape and prepared under a name of their own: a request of a known
 * shape neither builds SQL text in Node nor, after a few runs on a
 * PostgreSQL connection, plans it (planning a list query of many joins and
 * indexes took longer than running it). Past SHAPES_KEPT shapes a new one
 * runs unnamed, so a caller with unbounded shapes cannot fill every
 * connection with statements.
 *
 * Runs outside a transaction that ask for the same shape with the same
 * values in one turn of the event loop share one run (see sameTurnRuns):
 * many readers of a hot page (the newest reviews, the popular lists) cost
 * PostgreSQL and the server one statement and one reading of its rows. A
 * statement bound to its reader (Binder.bindReader) is not shared and runs
 * at once: waiting for the turn's other asks would gain it nothing.
 */
export class ShapedStatements<T> {
  private readonly made = new WeakMap<DbOrTx, Map<string, PreparedRun<T>>>();
  private readonly asked = new WeakMap<DbOrTx, Map<string, Promise<T>>>();

  constructor(private readonly prefix: string) {}

  run(
    db: DbOrTx,
    binder: Binder,
    make: () => { prepare(name: string): PreparedRun<T> } & PreparedRun<T>,
  ): Promise<T> {
    const statement = this.statementFor(db, binder, make);
    if (isTransaction(db) || binder.forOneReader) return statement.execute(binder.values);
    let asked = this.asked.get(db);
    if (!asked) {
      asked = new Map();
      this.asked.set(db, asked);
    }
    return sameTurnRuns(asked, `${binder.shape}\u0000${JSON.stringify(binder.values)}`, () =>
      statement.execute(binder.values),
    );
  }

  /** The statement of the binder's shape, made on first use (or unnamed, past SHAPES_KEPT). */
  private statementFor(
    db: DbOrTx,
    binder: Binder,
    make: () => { prepare(name: string): PreparedRun<T> } & PreparedRun<T>,
  ): PreparedRun<T> {
    let shapes = this.made.get(db);
    if (!shapes) {
      shapes = new Map();
      this.made.set(db, shapes);
    }
    const { shape } = binder;
    let statement = shapes.get(shape);
    if (!statement) {
      if (shapes.size >= SHAPES_KEPT) return make();
      const hash = createHash('sha1').update(shape).digest('hex').slice(0, 20);
      statement = withRowsShapedOnce(make().prepare(`${this.prefix}_${hash}`));
      shapes.set(shape, statement);
    }
    return statement;
  }
}
