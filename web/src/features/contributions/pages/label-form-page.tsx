import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { labelSubmissionSchema } from '@earmark/common';
import type { Label } from '@earmark/common';
import { paths } from '../../../lib/paths';
import { labelQueryOptions } from '../../labels';
import { LoadedEntity } from '../components/loaded-entity';
import { NameFields } from '../components/name-fields';
import { NoteAndSubmit } from '../components/note-and-submit';
import { SubmissionFormPage } from '../components/submission-form-page';
import { orNull, useSubmissionForm } from '../submission-form';

interface LabelFormValues {
  name: string;
  nameLatin: string;
  note: string;
}

const FIELDS = { name: 'name', nameLatin: 'nameLatin', note: 'note' } as const;

/** /contributions/labels/{id}: a correction of a label's name or Latin name. */
export default function LabelFormPage() {
  const { id = '' } = useParams();
  const query = useQuery(labelQueryOptions(id));
  return (
    <LoadedEntity query={query} what="label">
      {(label) => <LabelForm key={label.id} label={label} />}
    </LoadedEntity>
  );
}

function LabelForm({ label }: { label: Label }) {
  const { form, onSubmit, pending } = useSubmissionForm({
    kind: 'label',
    entityId: label.id,
    schema: labelSubmissionSchema,
    toPayload: (values: LabelFormValues) => ({
      name: values.name,
      nameLatin: orNull(values.nameLatin),
      note: values.note,
    }),
    defaultValues: { name: label.name, nameLatin: label.nameLatin ?? '', note: '' },
    fields: FIELDS,
  });
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <SubmissionFormPage
      title={`Edit ${label.name}`}
      heading="Edit label"
      intro={
        <>
          Changing <Link to={paths.label.href(label.id)}>{label.name}</Link>.
        </>
      }
      onSubmit={onSubmit}
    >
      <NameFields name={register('name')} nameLatin={register('nameLatin')} errors={errors} />
      <NoteAndSubmit register={register('note')} error={errors.note?.message} pending={pending} />
    </SubmissionFormPage>
  );
}
