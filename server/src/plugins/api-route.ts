import type { FastifyRequest } from 'fastify';

/**
 * True when the router matched one of the API's routes. Hooks decide by the
 * route's pattern, never by the raw URL, which may spell the same route
 * differently (`/%61pi/auth/login` is `/api/auth/login` to the router).
 * Unmatched requests are answered 404 without touching anything.
 */
export function isApiRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith('/api/') === true;
}
