import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ENTITY_NAME_MAX_LENGTH, labelSubmissionSchema } from '@earmark/common';
import type { Label } from '@earmark/common';
import { TextField } from '../../../components/text-field';
import { LoadFailure } from '../../../components/load-failure';
import { PageFrame } from '../../../components/page-frame';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../lib/paths';
import { labelQueryOptions } from '../../labels';
import { NoteAndSubmit } from '../components/note-and-submit';
import { orNull, useSubmissionForm } from '../submission-form';
import layout from '../components/form-layout.module.css';
import styles from './form-page.module.css';

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
  if (query.isPending) return <PageSpinner label="Loading label" />;
  if (query.isError) {
    return <LoadFailure what="label" error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <LabelForm key={query.data.id} label={query.data} />;
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
    <PageFrame title={`Edit ${label.name}`} heading="Edit label" width="default">
      <p className={styles.intro}>
        Changing <Link to={paths.label.href(label.id)}>{label.name}</Link>.
      </p>
      <form
        className={layout.form}
        noValidate
        aria-label="Edit label"
        onSubmit={(e) => void onSubmit(e)}
      >
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={ENTITY_NAME_MAX_LENGTH}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="Latin name"
          hint="Only when the name is written in another script: the name in Latin letters."
          autoComplete="off"
          maxLength={ENTITY_NAME_MAX_LENGTH}
          error={errors.nameLatin?.message}
          {...register('nameLatin')}
        />
        <NoteAndSubmit register={register('note')} error={errors.note?.message} pending={pending} />
      </form>
    </PageFrame>
  );
}
