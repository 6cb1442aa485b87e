import { useId, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import type { StatusConfirmation, StatusOption } from '../user-settings';
import { statusSavedText } from '../user-settings';
import styles from './admin-panel.module.css';

export interface StatusSettingProps {
  /** 'Contributor status': the select's label and the start of the saved message. */
  label: string;
  options: StatusOption[];
  current: number;
  mutation: UseMutationResult<unknown, Error, number>;
  /** Asked before some values take effect (a ban, a deletion). */
  confirmation?: (value: number) => StatusConfirmation | null;
}

/** One of a user's statuses: a select, Save, then what the server said. */
export function StatusSetting({
  label,
  options,
  current,
  mutation,
  confirmation,
}: StatusSettingProps) {
  const [value, setValue] = useState(current);
  const [asking, setAsking] = useState<StatusConfirmation | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const id = useId();

  function save() {
    setAsking(null);
    setSaved(null);
    mutation.mutate(value, { onSuccess: () => setSaved(statusSavedText(label, options, value)) });
  }

  return (
    <form
      className={styles.setting}
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const ask = confirmation?.(value) ?? null;
        if (ask) setAsking(ask);
        else save();
      }}
    >
      <h3 id={`${id}-title`} className={styles.settingTitle}>
        {label}
      </h3>
      <div className={styles.row}>
        <SelectField
          label={label}
          hideLabel
          value={value}
          onChange={(event) => {
            setSaved(null);
            mutation.reset();
            setValue(Number(event.target.value));
          }}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="secondary" loading={mutation.isPending}>
          Save<span className="visually-hidden"> {label.toLowerCase()}</span>
        </Button>
      </div>
      <p role="status" className={styles.saved}>
        {saved}
      </p>
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(mutation.error)}
        </p>
      )}
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking?.title}
        confirmLabel={asking?.confirmLabel ?? ''}
        onConfirm={save}
      >
        <p className={styles.confirm}>{asking?.body}</p>
      </ConfirmDialog>
    </form>
  );
}
