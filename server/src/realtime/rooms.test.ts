import { describe, expect, it } from 'vitest';
import { JOIN_BURST, JOINS_PER_SECOND, JoinBudget } from './rooms';

describe('JoinBudget', () => {
  it('allows a burst, then joins only as fast as the allowance comes back', () => {
    const budget = new JoinBudget();
    const start = Date.now();
    for (let i = 0; i < JOIN_BURST; i++) expect(budget.take(start)).toBe(true);
    expect(budget.take(start)).toBe(false);
    const oneSecondLater = start + 1000;
    for (let i = 0; i < JOINS_PER_SECOND; i++) expect(budget.take(oneSecondLater)).toBe(true);
    expect(budget.take(oneSecondLater)).toBe(false);
  });

  it('never saves up more than one burst', () => {
    const budget = new JoinBudget();
    const start = Date.now();
    const muchLater = start + 3_600_000;
    let granted = 0;
    while (budget.take(muchLater)) granted += 1;
    expect(granted).toBe(JOIN_BURST);
  });
});
