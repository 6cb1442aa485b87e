import type { UseFormRegisterReturn } from 'react-hook-form';
import { SUBMISSION_NOTE_MAX_LENGTH } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextArea } from '../../../components/text-field';
import layout from './form-layout.module.css';

/** The end of every submission form: the note explaining the change, and Submit. */
export function NoteAndSubmit({
  register,
  error,
  pending,
}: {
  register: UseFormRegisterReturn<'note'>;
  error: string | undefined;
  pending: boolean;
}) {
  return (
    <>
      <TextArea
        label="Note"
        hint="What you changed and where the information comes from."
        rows={4}
        maxLength={SUBMISSION_NOTE_MAX_LENGTH}
        error={error}
        {...register}
      />
      <div className={layout.actions}>
        <Button type="submit" loading={pending}>
          Submit
        </Button>
      </div>
    </>
  );
}
