/**
 * Fetching a cover from a URL a contributor gave (`imageUrl`): http(s) only,
 * from public addresses only (the host is resolved and loopback, private,
 * link-local, CGNAT and metadata ranges are refused, IPv4 and IPv6), every
 * redirect checked again (at most IMAGE_URL_MAX_REDIRECTS), at most
 * IMAGE_MAX_BYTES and IMAGE_URL_TIMEOUT_MS. A refusal is a 400 AppError
 * whose message says why.
 */

export interface ImageUrlOptions {
  /** Hosts allowed even when not public (config IMAGE_URL_ALLOW_HOSTS, tests only). */
  allowHosts: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
}

/** The body of the image at `url`, checked as described above; the caller decodes it. */
export async function fetchImageUrl(url: string, options: ImageUrlOptions): Promise<Buffer> {
  void url;
  void options;
  throw new Error('fetchImageUrl is being written');
}
