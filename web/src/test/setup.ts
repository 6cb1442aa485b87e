import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy routes load their chunks on first use; on a busy two-core machine that
// can take longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 5000 });

// Unmount what each test rendered; without vitest globals Testing Library cannot do it itself.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
