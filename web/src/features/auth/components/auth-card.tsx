import type { ReactNode } from 'react';
import styles from './auth-card.module.css';

export { styles as authStyles };

interface AuthCardProps {
  title?: ReactNode;
  lead?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Id for the title, when a form or landmark refers to it. */
  titleId?: string;
}

/** The centred card that holds every account form (login, confirm, password reset). */
export function AuthCard({ title, lead, icon, children, footer, titleId }: AuthCardProps) {
  return (
    <div className={styles.wrap}>
      <div className={styles.card}>
        {icon && <div className={styles.icon}>{icon}</div>}
        {title && (
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
        )}
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>
  );
}
