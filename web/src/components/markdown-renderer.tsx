import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import ReactMarkdown from 'react-markdown';
import type { Components } from 'react-markdown';
import { Link } from 'react-router';
import { classifyLink, EXTERNAL_LINK_REL } from './markdown';
import { remarkHeadingLevels } from './heading-levels';
import { remarkMentions } from './mentions';
import styles from './markdown.module.css';

/**
 * The markdown parser and its element rules; loaded lazily by `Markdown`
 * (components/markdown.tsx), which documents the rules.
 */

/** Set inside a link, so an image inside one does not become a nested link. */
const InsideLink = createContext(false);

function UserLink({
  href,
  title,
  className,
  children,
}: {
  href: string | undefined;
  title?: string;
  className?: string;
  children: ReactNode;
}) {
  const nested = useContext(InsideLink);
  const target = classifyLink(href);
  if (nested || !target) return <span className={className}>{children}</span>;

  let link: ReactNode;
  if (target.kind === 'route') {
    link = (
      <Link to={target.to} title={title} className={className}>
        {children}
      </Link>
    );
  } else if (target.kind === 'document') {
    link = (
      <a href={target.href} title={title} className={className}>
        {children}
      </a>
    );
  } else {
    link = (
      <a
        href={target.href}
        title={title}
        className={className}
        target="_blank"
        rel={EXTERNAL_LINK_REL}
      >
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return <InsideLink.Provider value={true}>{link}</InsideLink.Provider>;
}

const components: Components = {
  a: ({ href, title, children }) => (
    <UserLink href={href} title={title}>
      {children}
    </UserLink>
  ),
  // Images are never loaded: a link to the image, named by its alt text.
  img: ({ src, alt, title }) => {
    const url = typeof src === 'string' ? src : undefined;
    return (
      <UserLink
        href={url}
        title={title ?? (url ? `Image: ${url}` : undefined)}
        className={styles.image}
      >
        {alt || url || 'image'}
      </UserLink>
    );
  },
};

const PLUGINS = [remarkHeadingLevels];
const WITH_MENTIONS = [remarkHeadingLevels, remarkMentions];

export default function MarkdownRenderer({
  source,
  mentions = false,
}: {
  source: string;
  mentions?: boolean;
}) {
  return (
    <ReactMarkdown
      skipHtml
      components={components}
      remarkPlugins={mentions ? WITH_MENTIONS : PLUGINS}
    >
      {source}
    </ReactMarkdown>
  );
}
