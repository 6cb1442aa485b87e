import type { ReactNode } from 'react';
import { PageFrame } from '../../../components/page-frame';
import styles from './info-page.module.css';

export { styles as infoStyles };

interface InfoPageProps {
  title: string;
  description: string;
  lead?: ReactNode;
  /** e.g. 'January 2026', for legal texts. */
  updated?: string;
  children: ReactNode;
}

/** Frame for the static pages: a title block, then readable prose. */
export function InfoPage({ title, description, lead, updated, children }: InfoPageProps) {
  return (
    <PageFrame title={title} description={description} width="narrow">
      <article>
        <header className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {lead && <p className={styles.lead}>{lead}</p>}
          {updated && <p className={styles.updated}>Last updated {updated}</p>}
        </header>
        <div className={styles.prose}>{children}</div>
      </article>
    </PageFrame>
  );
}
