import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { applyPageMeta } from '../lib/head';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  /** Document title, shown as 'title | Earmark'; omit for the product name alone. */
  title?: string;
  description?: string;
  /** Canonical path; the current path when omitted. */
  canonicalPath?: string;
  /** Social preview image; the default Earmark image when omitted. */
  image?: string;
  /** Visible page heading (an h1). */
  heading?: ReactNode;
  /** Page-level actions next to the heading (e.g. a menu). */
  menu?: ReactNode;
  /** Sub-navigation under the heading (e.g. `TabLinks`). */
  subNav?: ReactNode;
  width?: 'narrow' | 'default' | 'full';
  children: ReactNode;
}

/** Every page's outer frame: head tags, heading bar, sub-navigation and content width. */
export function PageFrame({
  title,
  description,
  canonicalPath,
  image,
  heading,
  menu,
  subNav,
  width = 'default',
  children,
}: PageFrameProps) {
  const { pathname } = useLocation();

  useEffect(() => {
    applyPageMeta({ title, description, canonicalPath: canonicalPath ?? pathname, image });
  }, [title, description, canonicalPath, image, pathname]);

  return (
    <div className={`${styles.frame} ${styles[width]}`}>
      {(heading || menu) && (
        <div className={styles.bar}>
          {heading && <h1 className={styles.heading}>{heading}</h1>}
          {menu && <div className={styles.menu}>{menu}</div>}
        </div>
      )}
      {subNav && <div className={styles.subNav}>{subNav}</div>}
      {children}
    </div>
  );
}
