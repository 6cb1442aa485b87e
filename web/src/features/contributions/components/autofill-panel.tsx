import { useState } from 'react';
import type { FormEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AUTOFILL_INPUT_MAX_LENGTH,
  autofillSourceLabels,
  recogniseAutofillInput,
} from '@earmark/common';
import type { AutofillRelease, ReleaseSubmission } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { useAutofill } from '../autofill-api';
import { autofilledValues } from '../release-form-values';
import type { ReleaseFormValues } from '../release-form-values';
import type { Named } from './entity-picker';
import layout from './form-layout.module.css';
import styles from './autofill-panel.module.css';

export const UNRECOGNISED_AUTOFILL =
  'Paste a MusicBrainz release or a Spotify album: its address or its id';

const notChosen = (chosen: Named[]) => {
  const names = new Set(chosen.map((entity) => entity.name.toLowerCase()));
  return (name: string) => !names.has(name.toLowerCase());
};

/**
 * Add Release's autofill: a MusicBrainz release or Spotify album (address or
 * id) fills the form below. Artists and labels Earmark has are chosen; those
 * it has not are listed with a button that creates each. Nothing is sent
 * until the form is submitted.
 */
export function AutofillPanel({
  onCreate,
}: {
  onCreate: (kind: 'artist' | 'label', name: string) => void;
}) {
  const { control, getValues, reset } = useFormContext<
    ReleaseFormValues,
    unknown,
    ReleaseSubmission
  >();
  const autofill = useAutofill();
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [found, setFound] = useState<AutofillRelease | null>(null);
  const chosenArtists = useWatch({ control, name: 'artists' });
  const chosenLabels = useWatch({ control, name: 'labels' });

  function fill(event: FormEvent) {
    event.preventDefault();
    const recognised = recogniseAutofillInput(input);
    if (!recognised) {
      setProblem(UNRECOGNISED_AUTOFILL);
      return;
    }
    setProblem(undefined);
    autofill.mutate(recognised, {
      onSuccess: (release) => {
        setFound(release);
        reset(autofilledValues(getValues(), release), { keepDefaultValues: true });
      },
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  const matched = found
    ? [
        ...found.artists.filter((a) => a.artistId).map((a) => a.name),
        ...found.labels.filter((l) => l.labelId).map((l) => l.name),
      ]
    : [];
  const missingArtists = (found?.artists ?? [])
    .filter((a) => !a.artistId)
    .map((a) => a.name)
    .filter(notChosen(chosenArtists));
  const missingLabels = (found?.labels ?? [])
    .filter((l) => !l.labelId)
    .map((l) => l.name)
    .filter(notChosen(chosenLabels));

  return (
    <form
      className={layout.group}
      aria-label="Autofill from MusicBrainz or Spotify"
      noValidate
      onSubmit={fill}
    >
      <div className={styles.bar}>
        <TextField
          label="Autofill"
          hint="A MusicBrainz release or Spotify album address or id fills the form; you review it and submit."
          autoComplete="off"
          placeholder="https://musicbrainz.org/release/…"
          maxLength={AUTOFILL_INPUT_MAX_LENGTH}
          value={input}
          error={problem}
          onChange={(event) => setInput(event.target.value)}
        />
        <Button type="submit" variant="secondary" loading={autofill.isPending}>
          Fill in
        </Button>
      </div>
      {found && (
        <div role="status" className={styles.result}>
          <p className={layout.hint}>
            Filled from {autofillSourceLabels[found.source]}: {found.tracks.length}{' '}
            {found.tracks.length === 1 ? 'track' : 'tracks'}.
            {matched.length > 0 && ` Already in Earmark and chosen: ${matched.join(', ')}.`}
          </p>
          {missingArtists.length + missingLabels.length > 0 && (
            <>
              <p className={layout.hint}>Not in Earmark yet:</p>
              <ul className={styles.missing} aria-label="Not in Earmark yet">
                {missingArtists.map((name) => (
                  <li key={`artist:${name}`}>
                    <Button variant="text" size="small" onClick={() => onCreate('artist', name)}>
                      Create artist {name}
                    </Button>
                  </li>
                ))}
                {missingLabels.map((name) => (
                  <li key={`label:${name}`}>
                    <Button variant="text" size="small" onClick={() => onCreate('label', name)}>
                      Create label {name}
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </form>
  );
}
