import { useState } from 'react';
import type { FormEvent } from 'react';
import { explicitCoverArtLabels, explicitCoverArtValues } from '@earmark/common';
import type { CurrentUser, ExplicitCoverArt } from '@earmark/common';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { useUpdatePreferences } from '../api';
import { sectionStyles } from './settings-section';
import styles from './explicit-content-form.module.css';

/** The chosen kinds in the enum's order, so comparing and saving do not depend on click order. */
const ordered = (kinds: readonly ExplicitCoverArt[]) =>
  explicitCoverArtValues.filter((kind) => kinds.includes(kind));

const sameKinds = (a: readonly ExplicitCoverArt[], b: readonly ExplicitCoverArt[]) =>
  ordered(a).join() === ordered(b).join();

/** Which content-warning categories of cover art the signed-in user lets through. */
export function ExplicitContentForm({ user }: { user: CurrentUser }) {
  const update = useUpdatePreferences(user.id);
  const saved = user.allowExplicitCoverArt;
  const [allowed, setAllowed] = useState<ExplicitCoverArt[]>(() => ordered(saved));
  const changed = !sameKinds(allowed, saved);

  function toggle(kind: ExplicitCoverArt, on: boolean) {
    setAllowed((current) => ordered(on ? [...current, kind] : current.filter((k) => k !== kind)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ allowExplicitCoverArt: allowed });
  }

  return (
    <form className={sectionStyles.form} onSubmit={submit}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Show cover art that contains</legend>
        {explicitCoverArtValues.map((kind) => (
          <Checkbox
            key={kind}
            label={explicitCoverArtLabels[kind]}
            checked={allowed.includes(kind)}
            onChange={(event) => toggle(kind, event.target.checked)}
          />
        ))}
      </fieldset>
      <p className={styles.summary} aria-live="polite">
        {allowed.length === 0
          ? 'Every cover with a content warning is hidden behind a placeholder.'
          : allowed.length === explicitCoverArtValues.length
            ? 'Every cover is shown, whatever its content warnings.'
            : 'Covers are shown only when you allow every category they carry.'}
      </p>
      <div className={sectionStyles.actions}>
        <Button type="submit" loading={update.isPending} disabled={!changed}>
          Save preferences
        </Button>
        {changed && (
          <Button
            variant="text"
            onClick={() => setAllowed(ordered(saved))}
            disabled={update.isPending}
          >
            Discard
          </Button>
        )}
      </div>
    </form>
  );
}
