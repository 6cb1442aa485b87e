import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { LIST_TITLE_MAX_LENGTH, updateListSchema } from '@earmark/common';
import type { List } from '@earmark/common';
import { Button } from '../../../components/button';
import { Checkbox } from '../../../components/checkbox';
import { TextArea, TextField } from '../../../components/text-field';
import { errorMessage, isApiError } from '../../../lib/api';
import { showSnackbar } from '../../../lib/snackbar';
import { useUpdateList } from '../edit-api';
import styles from './list-details-form.module.css';

const FIELDS = ['title', 'description'] as const;

const formValues = (list: List) => ({
  title: list.title,
  description: list.description ?? '',
  grid: list.grid,
  ranked: list.ranked,
});

/** The list's title, description and how it is shown. */
export function ListDetailsForm({ list }: { list: List }) {
  const update = useUpdateList(list.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(updateListSchema), defaultValues: formValues(list) });

  return (
    <form
      className={styles.form}
      noValidate
      aria-label="List details"
      onSubmit={handleSubmit((values) =>
        update.mutate(
          { ...values, description: values.description?.trim() ? values.description : null },
          {
            onSuccess: (saved) => {
              reset(formValues(saved));
              showSnackbar('List saved', 'success');
            },
            onError: (error) => {
              // A refused field's message starts with its name ('title must be …').
              const message = errorMessage(error);
              const field = FIELDS.find((name) => message.startsWith(`${name} `));
              if (isApiError(error, 400) && field) {
                setError(field, { type: 'server', message }, { shouldFocus: true });
              }
            },
          },
        ),
      )}
    >
      <TextField
        label="Title"
        maxLength={LIST_TITLE_MAX_LENGTH}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextArea
        label="Description"
        rows={6}
        hint="Markdown works: **bold**, *italics*, [links](https://…), lists and quotes. At most 10,000 characters."
        error={errors.description?.message}
        {...register('description')}
      />
      <div className={styles.switches}>
        <Checkbox role="switch" label="Grid Layout" {...register('grid')} />
        <Checkbox role="switch" label="Display Rank" {...register('ranked')} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={update.isPending} disabled={!isDirty}>
          Save
        </Button>
        {isDirty && (
          <Button
            variant="text"
            onClick={() => reset(formValues(list))}
            disabled={update.isPending}
          >
            Discard changes
          </Button>
        )}
      </div>
    </form>
  );
}
