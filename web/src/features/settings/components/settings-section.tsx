import { useId } from 'react';
import type { ReactNode } from 'react';
import styles from './settings-section.module.css';

/** Shared form layout classes (field column, action row) for the settings forms. */
export { styles as sectionStyles };

export interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** One titled card of a settings page. */
export function SettingsSection({ title, description, children }: SettingsSectionProps) {
  const titleId = useId();
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {children}
    </section>
  );
}
