import type { ImpactLine } from '@earmark/common';

/** 'Deleted 2 entities.', 'Kept 1 entity.' */
export function decisionText(verb: 'Deleted' | 'Kept', counts: Record<string, number>): string {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return `${verb} ${total} ${total === 1 ? 'entity' : 'entities'}.`;
}

/** 'Ratings and reviews: 3, List items: 1'; null when nothing else goes. */
function impactText(lines: readonly ImpactLine[]): string | null {
  const some = lines.filter((line) => line.count > 0);
  return some.length === 0 ? null : some.map((line) => `${line.label}: ${line.count}`).join(', ');
}

/** The line under a pending deletion saying what deleting its entity takes with it. */
export function impactSentence(lines: readonly ImpactLine[]): string {
  const text = impactText(lines);
  return text === null ? 'Deleting removes nothing else.' : `Deleting also removes ${text}.`;
}
