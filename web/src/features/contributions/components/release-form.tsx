import { useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import {
  IMAGE_MIME_TYPES,
  IMAGE_URL_MAX_LENGTH,
  RELEASE_TITLE_MAX_LENGTH,
  explicitCoverArtLabels,
  imageFileProblem,
  releaseSubmissionSchema,
  releaseTypeLabels,
} from '@earmark/common';
import type { ExplicitCoverArt, Release, ReleaseSubmission } from '@earmark/common';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { SelectField, TextField } from '../../../components/text-field';
import { useImageSelection } from '../../../components/use-image-selection';
import { errorMessage, isApiError } from '../../../lib/api';
import {
  RELEASE_FIELDS,
  newReleaseValues,
  releaseFieldOf,
  releasePayload,
  releaseValues,
} from '../release-form-values';
import type { ReleaseFormValues } from '../release-form-values';
import { payloadResolver, showSubmitError, useSubmissionDone } from '../submission-form';
import { useLanguages, useSubmit } from '../submit-api';
import { AutofillPanel } from './autofill-panel';
import { CreateEntityDialog } from './create-entity-dialog';
import { EntityPickerField } from './entity-picker';
import { NoteAndSubmit } from './note-and-submit';
import type { Named } from './entity-picker';
import { TrackEditor } from './track-editor';
import layout from './form-layout.module.css';
import styles from './release-form.module.css';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const resolverFor = (editing: boolean) =>
  payloadResolver<ReleaseFormValues, ReleaseSubmission>(
    releaseSubmissionSchema,
    (values, report) => releasePayload(values, report, editing),
    releaseFieldOf,
  );

/**
 * Add Release, or a release's edit page when `release` is given: every
 * field of the release, its cover and its tracks, and the note that explains
 * the change. Problems show under their fields, in the server's words.
 */
export function ReleaseForm({ release }: { release?: Release }) {
  const editing = release !== undefined;
  const [resolver] = useState(() => resolverFor(editing));
  const form = useForm<ReleaseFormValues, unknown, ReleaseSubmission>({
    resolver,
    defaultValues: release ? releaseValues(release) : newReleaseValues(),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    clearErrors,
    formState: { errors },
  } = form;
  const submit = useSubmit('release');
  const done = useSubmissionDone();
  const [image, selectImage] = useImageSelection();
  const [imageError, setImageError] = useState<string | undefined>();
  const fileRef = useRef<HTMLInputElement | null>(null);
  const [creating, setCreating] = useState<{ kind: 'artist' | 'label'; name: string } | null>(null);

  function pickFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? imageFileProblem(file) : null;
    setImageError(problem ?? undefined);
    selectImage(problem ? null : file);
  }
  function clearFile() {
    selectImage(null);
    setImageError(undefined);
    if (fileRef.current) fileRef.current.value = '';
  }
  function addCreated(kind: 'artist' | 'label', entity: Named) {
    const field = kind === 'artist' ? 'artists' : 'labels';
    setValue(field, [...getValues(field), entity], { shouldDirty: true });
    clearErrors(field);
  }

  function save(payload: ReleaseSubmission) {
    if (imageError) {
      fileRef.current?.focus();
      return;
    }
    const file = image?.file;
    // A picked file is the cover: it wins over an address and over removing the cover.
    const { imageUrl, removeCover, ...rest } = payload;
    const body = file ? rest : { ...rest, imageUrl, ...(removeCover ? { removeCover } : {}) };
    submit.mutate(
      { entityId: release?.id, payload: body, image: file },
      {
        onSuccess: done,
        onError: (error) => {
          // A refused upload ('File must be…') belongs to the file field.
          const message = errorMessage(error);
          if (file && isApiError(error, 400) && message.startsWith('File ')) {
            setImageError(message);
            return;
          }
          showSubmitError(error, RELEASE_FIELDS, setError);
        },
      },
    );
  }

  return (
    <FormProvider {...form}>
      {!editing && (
        <div className={styles.autofill}>
          <AutofillPanel onCreate={(kind, name) => setCreating({ kind, name })} />
        </div>
      )}
      <form
        className={layout.form}
        noValidate
        aria-label={editing ? 'Edit release' : 'Add Release'}
        onSubmit={(event) => void handleSubmit(save)(event)}
      >
        <fieldset className={layout.group}>
          <legend className={layout.legend}>Release</legend>
          <TextField
            label="Title"
            autoComplete="off"
            maxLength={RELEASE_TITLE_MAX_LENGTH}
            error={errors.title?.message}
            {...register('title')}
          />
          <TextField
            label="Latin title"
            hint="Only when the title is written in another script: the title in Latin letters."
            autoComplete="off"
            error={errors.titleLatin?.message}
            {...register('titleLatin')}
          />
          <div className={layout.row}>
            <SelectField label="Type" error={errors.type?.message} {...register('type')}>
              {Object.entries(releaseTypeLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
            <LanguagesField error={errors.languagesIds?.message} />
          </div>
        </fieldset>

        <EntityPickerField
          control={control}
          name="artists"
          legend="Artists"
          type="artists"
          onCreate={(name) => setCreating({ kind: 'artist', name })}
        />
        <EntityPickerField
          control={control}
          name="labels"
          legend="Labels"
          type="labels"
          onCreate={(name) => setCreating({ kind: 'label', name })}
        />

        <ReleaseDateFields />

        <fieldset className={layout.group}>
          <legend className={layout.legend}>Cover</legend>
          {release?.cover && (
            <div className={styles.current}>
              <img src={release.cover.sm} alt="Current cover" className={styles.preview} />
              <Checkbox
                label="Remove the cover"
                error={errors.removeCover?.message}
                {...register('removeCover')}
              />
            </div>
          )}
          <TextField
            ref={fileRef}
            label="Cover image file"
            type="file"
            accept={IMAGE_MIME_TYPES.join(',')}
            hint="JPEG, PNG, WebP, GIF or AVIF."
            error={imageError}
            onChange={pickFile}
          />
          {image && (
            <div className={styles.current}>
              <img src={image.previewUrl} alt="Chosen cover" className={styles.preview} />
              <Button variant="text" size="small" onClick={clearFile}>
                Remove the chosen file
              </Button>
            </div>
          )}
          <TextField
            label="Or an image address"
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
            maxLength={IMAGE_URL_MAX_LENGTH}
            disabled={image !== null}
            error={errors.imageUrl?.message}
            {...register('imageUrl')}
          />
          <fieldset className={styles.inner}>
            <legend className={styles.innerLegend}>Explicit cover art</legend>
            <div className={layout.checks}>
              {(Object.entries(explicitCoverArtLabels) as [ExplicitCoverArt, string][]).map(
                ([value, label]) => (
                  <Checkbox
                    key={value}
                    label={label}
                    value={value}
                    {...register('explicitCoverArt')}
                  />
                ),
              )}
            </div>
            {errors.explicitCoverArt?.message && (
              <p className={layout.error} role="alert">
                {errors.explicitCoverArt.message}
              </p>
            )}
          </fieldset>
        </fieldset>

        <TrackEditor />

        <NoteAndSubmit
          register={register('note')}
          error={errors.note?.message}
          pending={submit.isPending}
        />
      </form>
      {creating && (
        <CreateEntityDialog
          kind={creating.kind}
          open
          initialName={creating.name}
          onClose={() => setCreating(null)}
          onCreated={(entity) => addCreated(creating.kind, entity)}
        />
      )}
    </FormProvider>
  );
}

const useReleaseForm = () => useFormContext<ReleaseFormValues, unknown, ReleaseSubmission>();

function LanguagesField({ error }: { error: string | undefined }) {
  const { control } = useReleaseForm();
  const languages = useLanguages();
  return (
    <Controller
      control={control}
      name="languagesIds"
      render={({ field }) => (
        <SelectField
          label="Languages"
          multiple
          hint={languages.isError ? 'The languages could not be loaded.' : 'Choose one or more.'}
          error={error}
          ref={field.ref}
          name={field.name}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(event) =>
            field.onChange(Array.from(event.target.selectedOptions, (option) => option.value))
          }
        >
          {(languages.data ?? []).map((language) => (
            <option key={language.id} value={language.id}>
              {language.name}
            </option>
          ))}
        </SelectField>
      )}
    />
  );
}

/** The release date at day, month or year precision. */
function ReleaseDateFields() {
  const {
    control,
    register,
    formState: { errors },
  } = useReleaseForm();
  const precision = useWatch({ control, name: 'datePrecision' });
  return (
    <fieldset className={layout.group}>
      <legend className={layout.legend}>Release date</legend>
      <div className={layout.row}>
        <SelectField label="Known to" {...register('datePrecision')}>
          <option value="">Not known</option>
          <option value="year">The year</option>
          <option value="month">The month</option>
          <option value="day">The day</option>
        </SelectField>
        {precision !== '' && (
          <TextField
            label="Year"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            placeholder="YYYY"
            error={errors.year?.message}
            {...register('year')}
          />
        )}
        {(precision === 'month' || precision === 'day') && (
          <SelectField label="Month" {...register('month')}>
            <option value="">Choose…</option>
            {MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </SelectField>
        )}
        {precision === 'day' && (
          <TextField
            label="Day"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            {...register('day')}
          />
        )}
      </div>
    </fieldset>
  );
}
