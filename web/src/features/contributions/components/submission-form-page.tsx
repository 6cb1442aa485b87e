import type { FormEvent, ReactNode } from 'react';
import { PageFrame } from '../../../components/page-frame';
import layout from './form-layout.module.css';
import styles from './submission-form-page.module.css';

/** An artist's, label's or genre's submission page: its heading, a line on what changes, the form. */
export function SubmissionFormPage({
  title,
  heading,
  intro,
  onSubmit,
  children,
}: {
  /** The document title. */
  title: string;
  /** The visible heading, also the form's name. */
  heading: string;
  intro: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <PageFrame title={title} heading={heading} width="default">
      <p className={styles.intro}>{intro}</p>
      <form
        className={layout.form}
        noValidate
        aria-label={heading}
        onSubmit={(event) => void onSubmit(event)}
      >
        {children}
      </form>
    </PageFrame>
  );
}
