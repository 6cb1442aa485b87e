import { useRef } from 'react';
import type { RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import {
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_TITLE_MAX_LENGTH,
  createListSchema,
} from '@earmark/common';
import type { CreateListInput } from '@earmark/common';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { Dialog } from '../../../components/dialog';
import { TextArea, TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useCreateList, useListItemToggle } from '../add-to-list-api';
import styles from './create-list-dialog.module.css';

export interface CreateListDialogProps {
  open: boolean;
  onClose: () => void;
  /** On save, go to the new list's page. */
  redirect: boolean;
  /** Without redirect: the release to put into the new list. */
  releaseId?: string | undefined;
}

const FIELDS = ['title', 'description'] as const;
const EMPTY = { title: '', description: '', grid: false, ranked: false };

/**
 * Creates a list (a draft): title, description, layout and ranking. With
 * `redirect` it then opens the new list; from the add-to-list popover it
 * puts the release into it and stays. Errors show under their field, the
 * server's 400s too (their message starts with the field's name).
 */
export function CreateListDialog({ open, onClose, redirect, releaseId }: CreateListDialogProps) {
  const titleRef = useRef<HTMLInputElement | null>(null);
  return (
    <Dialog open={open} onClose={onClose} title="Create a list" initialFocusRef={titleRef}>
      <CreateListForm
        onClose={onClose}
        redirect={redirect}
        releaseId={releaseId}
        titleRef={titleRef}
      />
    </Dialog>
  );
}

function CreateListForm({
  onClose,
  redirect,
  releaseId,
  titleRef,
}: Omit<CreateListDialogProps, 'open'> & { titleRef: RefObject<HTMLInputElement | null> }) {
  const navigate = useNavigate();
  const create = useCreateList();
  const addRelease = useListItemToggle(releaseId ?? '');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateListInput>({ resolver: zodResolver(createListSchema), defaultValues: EMPTY });
  const busy = create.isPending || addRelease.isPending;
  const { ref: registerTitle, ...titleField } = register('title');

  async function save(values: CreateListInput) {
    let listId: string;
    try {
      const reply = await create.mutateAsync({
        ...values,
        description: values.description || null,
      });
      listId = reply.createList.id;
    } catch (error) {
      const message = errorMessage(error);
      const field = FIELDS.find((name) => message.startsWith(`${name} `));
      if (isApiError(error, 400) && field) {
        setError(field, { type: 'server', message }, { shouldFocus: true });
      }
      return;
    }
    if (redirect) {
      onClose();
      void navigate(paths.list.href(listId));
      return;
    }
    // A failure here shows in the snackbar; the list exists either way.
    if (releaseId) await addRelease.mutateAsync({ listId, itemId: null }).catch(() => undefined);
    onClose();
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(save)(event)}>
      <TextField
        label="Title"
        autoComplete="off"
        maxLength={LIST_TITLE_MAX_LENGTH}
        error={errors.title?.message}
        {...titleField}
        ref={(input) => {
          registerTitle(input);
          titleRef.current = input;
        }}
      />
      <TextArea
        label="Description"
        hint="Optional. Markdown works here."
        maxLength={LIST_DESCRIPTION_MAX_LENGTH}
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <Checkbox role="switch" label="Grid Layout" {...register('grid')} />
      <Checkbox role="switch" label="Display Rank" {...register('ranked')} />
      <div className={styles.actions}>
        <Button variant="text" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy}>
          Save
        </Button>
      </div>
    </form>
  );
}
