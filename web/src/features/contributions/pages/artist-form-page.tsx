import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BIO_MAX_LENGTH, artistSubmissionSchema } from '@earmark/common';
import type { Artist } from '@earmark/common';
import { TextArea } from '../../../components/text-field';
import { paths } from '../../../lib/paths';
import { artistQueryOptions } from '../../artists';
import { LoadedEntity } from '../components/loaded-entity';
import { NameFields } from '../components/name-fields';
import { NoteAndSubmit } from '../components/note-and-submit';
import { SubmissionFormPage } from '../components/submission-form-page';
import { orNull, useSubmissionForm } from '../submission-form';

interface ArtistFormValues {
  name: string;
  nameLatin: string;
  bio: string;
  note: string;
}

const FIELDS = { name: 'name', nameLatin: 'nameLatin', bio: 'bio', note: 'note' } as const;

/** /contributions/artists/{id}: a correction of an artist's name, Latin name or bio. */
export default function ArtistFormPage() {
  const { id = '' } = useParams();
  const query = useQuery(artistQueryOptions(id));
  return (
    <LoadedEntity query={query} what="artist">
      {(artist) => <ArtistForm key={artist.id} artist={artist} />}
    </LoadedEntity>
  );
}

function ArtistForm({ artist }: { artist: Artist }) {
  const { form, onSubmit, pending } = useSubmissionForm({
    kind: 'artist',
    entityId: artist.id,
    schema: artistSubmissionSchema,
    toPayload: (values: ArtistFormValues) => ({
      name: values.name,
      nameLatin: orNull(values.nameLatin),
      bio: orNull(values.bio),
      note: values.note,
    }),
    defaultValues: {
      name: artist.name,
      nameLatin: artist.nameLatin ?? '',
      bio: artist.bio ?? '',
      note: '',
    },
    fields: FIELDS,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <SubmissionFormPage
      title={`Edit ${artist.name}`}
      heading="Edit artist"
      intro={
        <>
          Changing <Link to={paths.artist.href(artist.id)}>{artist.name}</Link>.
        </>
      }
      onSubmit={onSubmit}
    >
      <NameFields name={register('name')} nameLatin={register('nameLatin')} errors={errors} />
      <TextArea
        label="Bio"
        rows={8}
        maxLength={BIO_MAX_LENGTH}
        error={errors.bio?.message}
        {...register('bio')}
      />
      <NoteAndSubmit register={register('note')} error={errors.note?.message} pending={pending} />
    </SubmissionFormPage>
  );
}
