import { sql } from 'drizzle-orm';
import type { TestApp } from './helpers';

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) output. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  /** What an index scan looks up (its condition, as PostgreSQL writes it). */
  'Index Cond'?: string;
  'Relation Name'?: string;
  /** The name the statement gives the relation read. */
  Alias?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  /** How the node feeds its parent: 'InitPlan' for a sub-query worked out once. */
  'Parent Relationship'?: string;
  /** A sub-plan's name: 'CTE page' for a materialised CTE. */
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

/** A node and every node below it (sub-plans and init plans included). */
export const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/**
 * A node and the nodes below it but those of init plans (a total beside a
 * page, say). A materialised CTE (a page its other parts read again) runs as
 * an init plan too, and is kept: it is the statement's own work.
 */
export const nodesOutsideInitPlans = (n: PlanNode): PlanNode[] => [
  n,
  ...(n.Plans ?? [])
    .filter(
      (c) =>
        c['Parent Relationship'] !== 'InitPlan' || (c['Subplan Name'] ?? '').startsWith('CTE '),
    )
    .flatMap(nodesOutsideInitPlans),
];

/** One SQL statement as Drizzle sent it: text with $n placeholders, and their values. */
export interface Statement {
  query: string;
  params: unknown[];
}

interface Logger {
  logQuery(query: string, params: unknown[]): void;
}

type Rows = Promise<{ rows: { 'QUERY PLAN': unknown }[] }>;

interface DrizzleInternals {
  /** Statements outside a transaction log through `logger`, those inside through `options.logger`. */
  session: { logger: Logger; options: { logger?: Logger } };
  $client: {
    query(query: string, params?: unknown[]): Rows;
    connect(): Promise<{
      query(query: string, params?: unknown[]): Rows;
      escapeLiteral(value: string): string;
      release(): void;
    }>;
  };
}

/**
 * Every statement Drizzle sends while `fn` runs, on the read connections
 * (`t.db`) and the write transactions' own (`writeDb`), in transactions too
 * (their loggers, swapped for the while).
 */
export async function capturingStatements(
  t: TestApp,
  fn: () => Promise<unknown>,
): Promise<Statement[]> {
  const seen: Statement[] = [];
  const logQuery = (query: string, params: unknown[]) => void seen.push({ query, params });
  const handles = [...new Set([t.db, t.database.writeDb])];
  const restore = handles.map((db) => {
    const { session } = db as unknown as DrizzleInternals;
    // Prepared statements keep the logger they were made with: its method is
    // swapped in place, so they are seen too.
    const { logger } = session;
    const ownMethod = Object.getOwnPropertyDescriptor(logger, 'logQuery');
    logger.logQuery = logQuery;
    const inside = session.options.logger;
    session.options.logger = { logQuery };
    return () => {
      if (ownMethod) Object.defineProperty(logger, 'logQuery', ownMethod);
      else delete (logger as Partial<Logger>).logQuery;
      session.options.logger = inside;
    };
  });
  try {
    await fn();
  } finally {
    for (const undo of restore) undo();
  }
  return seen;
}

/**
 * The plan of a statement with its values (PostgreSQL only); run too with
 * `analyze`. `settings` (captured statements such as `set local` or
 * `set_config`) are applied first, in a transaction that is rolled back, so
 * the statement is planned as it ran. `prepared`: planned as a prepared
 * statement then executed with the values, as a named statement runs (with
 * `plan_cache_mode` among the settings, the plan a connection keeps).
 */
export async function explain(
  t: TestApp,
  s: Statement,
  analyze = false,
  settings: Statement[] = [],
  prepared = false,
  nodesOf: (root: PlanNode) => PlanNode[] = planNodes,
): Promise<PlanNode[]> {
  const client = t.db as unknown as DrizzleInternals;
  const options = analyze ? 'analyze, format json' : 'format json';
  const conn = await client.$client.connect();
  let madePrepared = false;
  try {
    await conn.query('begin');
    for (const setting of settings) await conn.query(setting.query, setting.params);
    let explained = `explain (${options}) ${s.query}`;
    if (prepared) {
      await conn.query(`prepare explained_statement as ${s.query}`);
      madePrepared = true;
      // EXPLAIN EXECUTE takes its values as literals, not as parameters.
      const literal = (v: unknown) => {
        if (v === null || v === undefined) return 'null';
        if (typeof v === 'object' && !(v instanceof Date)) {
          throw new Error('explain(prepared): only scalar values are supported');
        }
        return conn.escapeLiteral(v instanceof Date ? v.toISOString() : String(v));
      };
      const values = s.params.map(literal).join(', ');
      explained = `explain (${options}) execute explained_statement${values ? `(${values})` : ''}`;
    }
    const { rows } = await conn.query(explained, prepared ? [] : s.params);
    const [plan] = rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }];
    return nodesOf(plan.Plan);
  } finally {
    await conn.query('rollback');
    // PREPARE outlives the rollback; the app's own prepared statements on this connection stay.
    if (madePrepared) await conn.query('deallocate explained_statement');
    conn.release();
  }
}

/**
 * Confirmed users u1…, artists a1…, labels l1… and genres g1… (numbered from
 * 1, named after their number), as many of each as asked: the plan tests'
 * catalogue, which they link as they need.
 */
export async function insertNumberedRows(
  t: TestApp,
  n: { users: number; artists: number; labels: number; genres: number },
): Promise<void> {
  const fill = (statement: string) => t.db.execute(sql.raw(statement));
  await fill(`insert into users (id, email, username, password_hash, account_status,
      contributor_status)
    select 'u' || i, 'u' || i || '@example.com', 'user' || i, 'x', 20, 20
    from generate_series(1, ${n.users}) i`);
  for (const [table, prefix, name] of [
    ['artists', 'a', 'Artist'],
    ['labels', 'l', 'Label'],
    ['genres', 'g', 'Genre'],
  ] as const) {
    await fill(`insert into ${table} (id, name) select '${prefix}' || i, '${name} ' || i
      from generate_series(1, ${n[table]}) i`);
  }
}
