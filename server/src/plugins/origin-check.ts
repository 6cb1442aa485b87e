import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { isApiRoute } from './api-route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence: a state-changing API request must come from our own origin
 * (Origin header, or Referer when a browser leaves Origin out).
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !isApiRoute(request)) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin !== app.config.origin) {
      throw new AppError(403, 'Cross-site request refused');
    }
  });
}
