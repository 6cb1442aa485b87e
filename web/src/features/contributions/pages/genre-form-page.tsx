import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BIO_MAX_LENGTH, ENTITY_NAME_MAX_LENGTH, genreSubmissionSchema } from '@earmark/common';
import type { Genre } from '@earmark/common';
import { TextArea, TextField } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { genreQueryOptions } from '../../genres';
import { EntityPickerField } from '../components/entity-picker';
import type { Named } from '../components/entity-picker';
import { LoadedEntity } from '../components/loaded-entity';
import { NoteAndSubmit } from '../components/note-and-submit';
import { SubmissionFormPage } from '../components/submission-form-page';
import { orNull, useSubmissionForm } from '../submission-form';

interface GenreFormValues {
  title: string;
  description: string;
  parents: Named[];
  note: string;
}

const FIELDS = {
  title: 'title',
  description: 'description',
  parentIds: 'parents',
  note: 'note',
} as const;

/** /contributions/genres/new and /contributions/genres/{id}: a new genre or a correction. */
export default function GenreFormPage() {
  const { id } = useParams();
  if (!id) return <GenreForm />;
  return <EditGenre id={id} />;
}

function EditGenre({ id }: { id: string }) {
  const query = useQuery(genreQueryOptions(id));
  return (
    <LoadedEntity query={query} what="genre">
      {(genre) => <GenreForm key={genre.id} genre={genre} />}
    </LoadedEntity>
  );
}

function GenreForm({ genre }: { genre?: Genre }) {
  const { form, onSubmit, pending } = useSubmissionForm({
    kind: 'genre',
    entityId: genre?.id,
    schema: genreSubmissionSchema,
    toPayload: (values: GenreFormValues) => ({
      title: values.title,
      description: orNull(values.description),
      parentIds: values.parents.map((parent) => parent.id),
      note: values.note,
    }),
    defaultValues: {
      title: genre?.name ?? '',
      description: genre?.bio ?? '',
      parents: genre?.parents.map(({ id, name }) => ({ id, name })) ?? [],
      note: '',
    },
    fields: FIELDS,
  });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const heading = genre ? 'Edit genre' : 'Add genre';

  return (
    <SubmissionFormPage
      title={genre ? `Edit ${genre.name}` : heading}
      heading={heading}
      intro={
        <>
          {genre ? (
            <>
              Changing <Link to={paths.genre.href(genre.id)}>{genre.name}</Link>.{' '}
            </>
          ) : null}
          Trusted contributors vote on genre changes before they apply.
        </>
      }
      onSubmit={onSubmit}
    >
      <TextField
        label="Name"
        autoComplete="off"
        maxLength={ENTITY_NAME_MAX_LENGTH}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextArea
        label="Description"
        rows={8}
        maxLength={BIO_MAX_LENGTH}
        error={errors.description?.message}
        {...register('description')}
      />
      <EntityPickerField control={control} name="parents" legend="Parent genres" type="genres" />
      <NoteAndSubmit register={register('note')} error={errors.note?.message} pending={pending} />
    </SubmissionFormPage>
  );
}
