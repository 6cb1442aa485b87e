import { useRef } from 'react';
import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import {
  SUBMISSION_NOTE_MAX_LENGTH,
  artistSubmissionSchema,
  labelSubmissionSchema,
} from '@earmark/common';
import type { ArtistSubmission } from '@earmark/common';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { TextArea } from '../../../components/text-field';
import { showSnackbar } from '../../../lib/snackbar';
import { orNull, payloadResolver, showSubmitError } from '../submission-form';
import { submittedEntityId, useSubmit } from '../submit-api';
import type { Named } from './entity-picker';
import { NameFields } from './name-fields';
import styles from './form-layout.module.css';

interface NewEntityValues {
  name: string;
  nameLatin: string;
  note: string;
}

const FIELDS = { name: 'name', nameLatin: 'nameLatin', note: 'note' } as const;
const toPayload = (values: NewEntityValues) => ({
  name: values.name,
  nameLatin: orNull(values.nameLatin),
  note: values.note,
});
const resolvers = {
  artist: payloadResolver<NewEntityValues, ArtistSubmission>(artistSubmissionSchema, toPayload),
  label: payloadResolver<NewEntityValues, ArtistSubmission>(labelSubmissionSchema, toPayload),
};

export interface CreateEntityDialogProps {
  kind: 'artist' | 'label';
  open: boolean;
  /** The name typed in the picker, to start from. */
  initialName: string;
  onClose: () => void;
  /** The new artist or label, once its submission is accepted. */
  onCreated: (entity: Named) => void;
}

/**
 * Adds a missing artist or label through its own submission, from inside
 * the release form (rendered at the end of the page, outside that form).
 */
export function CreateEntityDialog({ kind, open, ...props }: CreateEntityDialogProps) {
  const nameRef = useRef<HTMLInputElement | null>(null);
  return createPortal(
    <Dialog
      open={open}
      onClose={props.onClose}
      title={kind === 'artist' ? 'New artist' : 'New label'}
      initialFocusRef={nameRef}
    >
      <CreateEntityForm kind={kind} nameRef={nameRef} {...props} />
    </Dialog>,
    document.body,
  );
}

function CreateEntityForm({
  kind,
  initialName,
  onClose,
  onCreated,
  nameRef,
}: Omit<CreateEntityDialogProps, 'open'> & { nameRef: RefObject<HTMLInputElement | null> }) {
  const create = useSubmit(kind);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewEntityValues, unknown, ArtistSubmission>({
    resolver: resolvers[kind],
    defaultValues: { name: initialName, nameLatin: '', note: '' },
  });
  const { ref: registerName, ...nameField } = register('name');

  function save(payload: ArtistSubmission) {
    create.mutate(
      { payload },
      {
        onSuccess: (reply) => {
          onCreated({ id: submittedEntityId(reply), name: payload.name });
          showSnackbar(`${payload.name} was added.`, 'success');
          onClose();
        },
        onError: (error) => showSubmitError(error, FIELDS, setError),
      },
    );
  }

  return (
    <form
      className={styles.dialogForm}
      noValidate
      onSubmit={(event) => {
        // The dialog sits inside the release form in React's tree: its submit stays here.
        event.stopPropagation();
        void handleSubmit(save)(event);
      }}
    >
      <NameFields
        name={{
          ...nameField,
          ref: (input: HTMLInputElement | null) => {
            registerName(input);
            nameRef.current = input;
          },
        }}
        nameLatin={register('nameLatin')}
        errors={errors}
      />
      <TextArea
        label="Note"
        hint="Where this information comes from."
        rows={3}
        maxLength={SUBMISSION_NOTE_MAX_LENGTH}
        error={errors.note?.message}
        {...register('note')}
      />
      <div className={styles.dialogActions}>
        <Button variant="text" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Add {kind}
        </Button>
      </div>
    </form>
  );
}
