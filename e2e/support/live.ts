import type { Page, WebSocket } from '@playwright/test';

/** How long a page may take to open its live connection. */
const LIVE_CONNECT_TIMEOUT_MS = 15_000;

/**
 * Resolves when the page's next live connection is up: the server's
 * socket.io CONNECT packet ('40…') came over the WebSocket. The server has
 * put a signed-in socket in its user's room before it sends that packet, so
 * an event published after this reaches the page. Call it before the page
 * navigates, and await it after.
 */
export function liveConnection(page: Page): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off('websocket', onSocket);
      reject(new Error(`the page's live connection did not open in ${LIVE_CONNECT_TIMEOUT_MS} ms`));
    }, LIVE_CONNECT_TIMEOUT_MS);
    const onSocket = (socket: WebSocket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', ({ payload }) => {
        if (typeof payload === 'string' && payload.startsWith('40')) {
          clearTimeout(timer);
          page.off('websocket', onSocket);
          resolve();
        }
      });
    };
    page.on('websocket', onSocket);
  });
}
