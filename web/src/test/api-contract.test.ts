import { afterEach, describe, expect, it } from 'vitest';
import { makeRelease } from '../features/releases/test-support';
import { checkReply, takeContractViolations } from './api-contract';
import { json } from './fetch-mock';

afterEach(() => {
  takeContractViolations();
});

describe("the fake server's contract check", () => {
  it('accepts a reply the server could send', async () => {
    await checkReply('GET /api/releases/r1', json(200, makeRelease()));
    expect(takeContractViolations()).toEqual([]);
  });

  it('reports a reply that breaks the shared schema, and a route it does not know', async () => {
    const { stats: _stats, ...withoutStats } = makeRelease();
    await checkReply('GET /api/releases/r1', json(200, withoutStats));
    await checkReply('GET /api/nowhere', json(200, {}));
    const violations = takeContractViolations();
    expect(violations).toHaveLength(2);
    expect(violations[0]).toContain('GET /api/releases/r1: the reply breaks the API contract');
    expect(violations[0]).toContain('stats');
    expect(violations[1]).toContain('GET /api/nowhere: no reply schema');
  });

  it('leaves failures and empty replies alone', async () => {
    await checkReply('GET /api/releases/nope', json(404, { statusCode: 404 }));
    await checkReply('DELETE /api/entries/e1', new Response(null, { status: 204 }));
    expect(takeContractViolations()).toEqual([]);
  });
});
