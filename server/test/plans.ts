import type { TestApp } from './helpers';

/** A node of PostgreSQL's EXPLAIN (FORMAT JSON) output. */
export interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** A node and every node below it (sub-plans and init plans included). */
export const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];

/** One SQL statement as Drizzle sent it: text with $n placeholders, and their values. */
export interface Statement {
  query: string;
  params: unknown[];
}

interface DrizzleInternals {
  session: { logger: { logQuery(query: string, params: unknown[]): void } };
  $client: {
    query(query: string, params: unknown[]): Promise<{ rows: { 'QUERY PLAN': unknown }[] }>;
  };
}

/** Every statement Drizzle sends on `t.db` while `fn` runs (its logger, swapped for the while). */
export async function capturingStatements(
  t: TestApp,
  fn: () => Promise<unknown>,
): Promise<Statement[]> {
  const seen: Statement[] = [];
  const client = t.db as unknown as DrizzleInternals;
  const original = client.session.logger;
  client.session.logger = { logQuery: (query, params) => seen.push({ query, params }) };
  try {
    await fn();
  } finally {
    client.session.logger = original;
  }
  return seen;
}

/** The plan of a statement with its values (PostgreSQL only); run too with `analyze`. */
export async function explain(t: TestApp, s: Statement, analyze = false): Promise<PlanNode[]> {
  const client = t.db as unknown as DrizzleInternals;
  const options = analyze ? 'analyze, format json' : 'format json';
  const { rows } = await client.$client.query(`explain (${options}) ${s.query}`, s.params);
  const [plan] = rows[0]!['QUERY PLAN'] as [{ Plan: PlanNode }];
  return planNodes(plan.Plan);
}
