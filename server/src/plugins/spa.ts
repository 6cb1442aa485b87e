import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PRODUCT_NAME } from '@earmark/common';

/** What a page's link preview shows; features register resolvers for their routes. */
export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
  type?: string;
}

export type PageMetaResolver = (
  pathname: string,
  request: FastifyRequest,
) => Promise<PageMeta | null> | PageMeta | null;

declare module 'fastify' {
  interface FastifyInstance {
    /** Adds a resolver that fills the title and social tags of server-sent pages. */
    addPageMeta(resolver: PageMetaResolver): void;
  }
}

const DEFAULT_DESCRIPTION =
  'Earmark is a community for rating, reviewing, tagging and listing music releases, and building the catalogue together.';

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderMeta(meta: PageMeta, canonical: string, origin: string): string {
  const title = meta.title ? `${meta.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const image = new URL(meta.image ?? '/og-default.png', origin).toString();
  return [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(description)}" />`,
    `<link rel="canonical" href="${esc(canonical)}" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:type" content="${esc(meta.type ?? 'website')}" />`,
    `<meta property="og:title" content="${esc(title)}" />`,
    `<meta property="og:description" content="${esc(description)}" />`,
    `<meta property="og:url" content="${esc(canonical)}" />`,
    `<meta property="og:image" content="${esc(image)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${esc(title)}" />`,
    `<meta name="twitter:description" content="${esc(description)}" />`,
    `<meta name="twitter:image" content="${esc(image)}" />`,
  ].join('\n    ');
}

/** sha256 sources for the inline scripts of index.html, so the CSP can allow exactly them. */
export function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    out.push(
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
    );
  }
  return out;
}

export function readIndexHtml(webDistDir: string): string | null {
  const file = path.join(webDistDir, 'index.html');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/**
 * Serves the built web client: hashed assets with immutable caching, other
 * public files briefly cached, and index.html (with the page's meta tags) for
 * every other non-API path, so the client router can show its pages or 404.
 */
const resolvers = new WeakMap<FastifyInstance, PageMetaResolver[]>();

/** Called before the feature routes, so features can add their resolvers as they register. */
export function decoratePageMeta(app: FastifyInstance): void {
  const list: PageMetaResolver[] = [];
  resolvers.set(app, list);
  app.decorate('addPageMeta', (r: PageMetaResolver) => {
    list.push(r);
  });
}

function safeDecodeUri(pathname: string): string | null {
  try {
    return decodeURI(pathname);
  } catch {
    return null;
  }
}

export async function registerSpa(app: FastifyInstance, indexHtml: string | null): Promise<void> {
  const pageResolvers = resolvers.get(app) ?? [];

  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: app.config.webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = new URL(request.url, app.config.origin);
    // Decoded, so `/%61pi/...` is known as an API path like `/api/...`.
    const decoded = safeDecodeUri(url.pathname);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      decoded !== null &&
      !decoded.startsWith('/api/') &&
      !decoded.startsWith('/media/') &&
      !decoded.startsWith('/assets/');
    if (!isPage || !indexHtml) {
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'Not found' });
    }
    let meta: PageMeta | null = null;
    for (const resolve of pageResolvers) {
      meta = await resolve(url.pathname, request);
      if (meta) break;
    }
    const canonical = new URL(url.pathname, app.config.publicUrl).toString();
    const head = renderMeta(meta ?? { title: '' }, canonical, app.config.publicUrl);
    const html = indexHtml.replace(/<!--meta-start-->[\s\S]*?<!--meta-end-->/, head);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
