import type { UserRef } from '@earmark/common';

export const ownerName = (user: Pick<UserRef, 'username' | 'name'>) => user.name || user.username;

export const countLabel = (count: number, word: string) =>
  `${count} ${word}${count === 1 ? '' : 's'}`;
