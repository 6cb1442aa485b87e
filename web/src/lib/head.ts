import { PRODUCT_NAME } from '@earmark/common';

export const DEFAULT_DESCRIPTION =
  'Earmark is a community for rating, reviewing and listing music releases, and for building the catalogue together.';
export const DEFAULT_SOCIAL_IMAGE = '/og-default.png';

export interface PageMeta {
  /** Page title without the product name; empty for the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical URL; the current path when omitted. */
  canonicalPath?: string;
  /** Absolute or root-relative social preview image. */
  image?: string;
}

const SUFFIX = ` | ${PRODUCT_NAME}`;

/** 'title | Earmark', never with the product name twice (a title may arrive suffixed already). */
export function documentTitle(title?: string): string {
  if (!title || title === PRODUCT_NAME) return PRODUCT_NAME;
  return title.endsWith(SUFFIX) ? title : `${title}${SUFFIX}`;
}

function absolute(url: string): string {
  return new URL(url, window.location.origin).toString();
}

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attribute, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string) {
  let el = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!el) {
    el = document.createElement('link');
    el.rel = 'canonical';
    document.head.appendChild(el);
  }
  el.href = href;
}

/**
 * Updates the tags the server pre-fills in index.html, so a page shared after
 * client-side navigation (or read by a crawler that runs scripts) matches.
 */
export function applyPageMeta(meta: PageMeta): void {
  const title = documentTitle(meta.title);
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const url = absolute(meta.canonicalPath ?? window.location.pathname);
  const image = absolute(meta.image ?? DEFAULT_SOCIAL_IMAGE);

  document.title = title;
  setMeta('name', 'description', description);
  setCanonical(url);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', image);
  setMeta('name', 'twitter:card', 'summary_large_image');
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  setMeta('name', 'twitter:image', image);
}
