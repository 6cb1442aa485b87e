import { useRef } from 'react';
import { useController } from 'react-hook-form';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import type { SearchReply } from '@earmark/common';
import { Button } from '../../../components/button';
import { IconButton } from '../../../components/icon-button';
import { CloseIcon, PlusIcon } from '../../../components/icons';
import { useSearchText } from '../../../components/use-search-text';
import { usePickerSearch } from '../submit-api';
import { PickerSearchField, pickerStatus } from './picker-search-field';
import type { PickerType } from '../submit-api';
import results from '../../../components/picker-results.module.css';
import styles from './entity-picker.module.css';
import layout from './form-layout.module.css';

/** An artist, label or genre as a picker holds it. */
export interface Named {
  id: string;
  name: string;
}

const NOUNS: Record<PickerType, [one: string, many: string]> = {
  artists: ['artist', 'artists'],
  labels: ['label', 'labels'],
  genres: ['genre', 'genres'],
};

function matches(reply: SearchReply | undefined, type: PickerType) {
  const found: { id: string; name: string; nameLatin?: string | null }[] = reply?.[type] ?? [];
  return found.map((entity) => ({ id: entity.id, name: entity.name, latin: entity.nameLatin }));
}

export interface EntityPickerProps {
  /** The group's visible name ('Artists'). */
  legend: string;
  type: PickerType;
  /** The chosen ones, in order. */
  value: Named[];
  onChange: (value: Named[]) => void;
  error?: string | undefined;
  /** The search box, for focusing it on an error. */
  inputRef?: (element: HTMLInputElement | null) => void;
  /** Offers to create one that is missing, with the text typed so far. */
  onCreate?: ((text: string) => void) | undefined;
}

/**
 * Chooses artists, labels or genres: a text finds matches after a short
 * pause, 'Add' appends one, and the chosen ones show in order as chips that
 * can be removed.
 */
export function EntityPicker({
  legend,
  type,
  value,
  onChange,
  error,
  inputRef,
  onCreate,
}: EntityPickerProps) {
  const [one, many] = NOUNS[type];
  const { text, setText, q } = useSearchText();
  const input = useRef<HTMLInputElement | null>(null);
  // The pressed button goes away (a removed chip, a result now added): focus returns to the box.
  const choose = (next: Named[]) => {
    onChange(next);
    input.current?.focus();
  };
  const search = usePickerSearch(type, q);
  const found = q ? matches(search.data, type) : [];
  const chosen = new Set(value.map((entity) => entity.id));

  const status = pickerStatus(q, search, found.length, many);

  return (
    <fieldset className={layout.group}>
      <legend className={layout.legend}>{legend}</legend>
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={`Chosen ${many}`}>
          {value.map((entity) => (
            <li key={entity.id} className={styles.chip}>
              <span>{entity.name}</span>
              <IconButton
                label={`Remove ${entity.name}`}
                icon={<CloseIcon size={16} />}
                size="small"
                onClick={() => choose(value.filter((other) => other.id !== entity.id))}
              />
            </li>
          ))}
        </ul>
      )}
      <PickerSearchField
        many={many}
        text={text}
        onText={setText}
        status={status}
        error={error}
        inputRef={(element) => {
          input.current = element;
          inputRef?.(element);
        }}
      />
      {found.length > 0 && (
        <ul className={results.results} aria-label={`Matching ${many}`}>
          {found.map((entity) => (
            <li key={entity.id} className={results.result}>
              <span className={styles.name}>
                {entity.name}
                {entity.latin && <span className={styles.latin}> ({entity.latin})</span>}
              </span>
              {chosen.has(entity.id) ? (
                <span className={styles.added}>Added</span>
              ) : (
                <Button
                  size="small"
                  variant="secondary"
                  aria-label={`Add ${entity.name}`}
                  onClick={() => choose([...value, { id: entity.id, name: entity.name }])}
                >
                  Add
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {onCreate && (
        <div>
          <Button
            variant="text"
            size="small"
            icon={<PlusIcon size={16} />}
            onClick={() => onCreate(text.trim())}
          >
            Create a new {one}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** An `EntityPicker` bound to a form field holding the chosen ones. */
export function EntityPickerField<V extends FieldValues, R>({
  control,
  name,
  ...picker
}: Omit<EntityPickerProps, 'value' | 'onChange' | 'error' | 'inputRef'> & {
  control: Control<V, unknown, R>;
  name: FieldPathByValue<V, Named[]>;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <EntityPicker
      {...picker}
      value={field.value as Named[]}
      onChange={field.onChange}
      error={fieldState.error?.message}
      inputRef={field.ref}
    />
  );
}
