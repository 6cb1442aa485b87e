import { useId } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import styles from './field.module.css';

interface FieldProps {
  label: ReactNode;
  /** Shown under the field in the error colour and announced with it. */
  error?: string | undefined;
  /** Help text under the field. */
  hint?: ReactNode;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
}

/** The attributes that tie a control to its label, hint and error. */
interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Label, control, hint and error laid out the same way for every kind of field. */
function Field({
  label,
  error,
  hint,
  hideLabel,
  id,
  className,
  children,
}: FieldProps & {
  id: string | undefined;
  className: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={controlId} className={hideLabel ? 'visually-hidden' : styles.label}>
        {label}
      </label>
      {children({
        id: controlId,
        className: styles.input!,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** Splits a field's own props from those of its control. */
function fieldProps<
  P extends FieldProps & { id?: string | undefined; className?: string | undefined },
>({ label, error, hint, hideLabel, id, className, ...control }: P) {
  return { field: { label, error, hint, hideLabel, id, className }, control };
}

export type TextFieldProps = ComponentProps<'input'> & FieldProps;

/** A labelled input. React 19 passes `ref` as a prop, so react-hook-form's register works directly. */
export function TextField(props: TextFieldProps) {
  const { field, control } = fieldProps(props);
  return <Field {...field}>{(attributes) => <input {...attributes} {...control} />}</Field>;
}

export type TextAreaProps = ComponentProps<'textarea'> & FieldProps;

/** A labelled multi-line input (markdown texts, notes). */
export function TextArea(props: TextAreaProps) {
  const { field, control } = fieldProps(props);
  return <Field {...field}>{(attributes) => <textarea {...attributes} {...control} />}</Field>;
}

export type SelectFieldProps = ComponentProps<'select'> & FieldProps;

/** A labelled select (one choice, or several with `multiple`). */
export function SelectField(props: SelectFieldProps) {
  const { field, control } = fieldProps(props);
  return <Field {...field}>{(attributes) => <select {...attributes} {...control} />}</Field>;
}
