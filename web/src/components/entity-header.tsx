import type { ReactNode } from 'react';
import styles from './entity-header.module.css';

export interface EntityHeaderProps {
  /** What it is ('Artist', 'Label', 'Genre'), shown small above the name. */
  kind: string;
  name: string;
  /** The name in Latin script, when the name is written in another one. */
  nameLatin?: string | null;
  bio?: string | null;
  /** A short fact beside the kind, e.g. '12 releases'. */
  stat?: ReactNode;
  /** Actions at the top right (a menu). */
  menu?: ReactNode;
  /** More lines under the bio (related links). */
  children?: ReactNode;
}

/** The heading block of an artist, label or genre page. */
export function EntityHeader({
  kind,
  name,
  nameLatin,
  bio,
  stat,
  menu,
  children,
}: EntityHeaderProps) {
  const paragraphs = (bio ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

  return (
    <header className={styles.header}>
      <div className={styles.top}>
        <p className={styles.kind}>
          <span className={styles.badge}>{kind}</span>
          {stat && <span className={styles.stat}>{stat}</span>}
        </p>
        {menu && <div className={styles.menu}>{menu}</div>}
      </div>
      <h1 className={styles.name}>{name}</h1>
      {nameLatin && nameLatin !== name && <p className={styles.latin}>{nameLatin}</p>}
      {paragraphs.length > 0 && (
        <div className={styles.bio}>
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      )}
      {children}
    </header>
  );
}
