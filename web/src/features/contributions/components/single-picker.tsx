import { useRef } from 'react';
import type { SearchType } from '@earmark/common';
import { Button } from '../../../components/button';
import { useSearchText } from '../../../components/use-search-text';
import { hitsOf, type SearchHit } from '../../search';
import { usePickerSearch } from '../submit-api';
import { PickerSearchField, pickerStatus } from './picker-search-field';
import results from '../../../components/picker-results.module.css';
import layout from './form-layout.module.css';
import styles from './single-picker.module.css';

export interface SinglePickerProps {
  /** The group's visible name ('Merge this artist'). */
  legend: string;
  type: SearchType;
  /** What the results are called ('artists'). */
  many: string;
  value: SearchHit | null;
  onChange: (value: SearchHit | null) => void;
  /** An id that cannot be chosen here (the other side's choice). */
  excludeId?: string | undefined;
}

/**
 * Chooses one release, artist or label by name: a text finds matches after
 * a short pause, 'Choose' takes one, and 'Change' goes back to the search.
 */
export function SinglePicker({
  legend,
  type,
  many,
  value,
  onChange,
  excludeId,
}: SinglePickerProps) {
  const { text, setText, q } = useSearchText();
  const input = useRef<HTMLInputElement | null>(null);
  const change = useRef<HTMLButtonElement | null>(null);
  const search = usePickerSearch(type, q);
  const found = q ? hitsOf(search.data, type).filter((hit) => hit.id !== excludeId) : [];

  const status = pickerStatus(q, search, found.length, many);

  return (
    <fieldset className={layout.group}>
      <legend className={layout.legend}>{legend}</legend>
      {value ? (
        <div className={styles.chosen}>
          <p className={styles.name}>
            <strong>{value.title}</strong>
            {value.detail && <span className={styles.detail}> · {value.detail}</span>}
          </p>
          <Button
            ref={change}
            size="small"
            variant="secondary"
            aria-label={`Change ${value.title}`}
            onClick={() => {
              onChange(null);
              // The box comes back in the button's place: the focus goes there.
              setTimeout(() => input.current?.focus(), 0);
            }}
          >
            Change
          </Button>
        </div>
      ) : (
        <>
          <PickerSearchField
            many={many}
            text={text}
            onText={setText}
            status={status}
            inputRef={input}
          />
          {found.length > 0 && (
            <ul className={results.results} aria-label={`Matching ${many}`}>
              {found.map((hit) => (
                <li key={hit.id} className={results.result}>
                  <span>
                    {hit.title}
                    {hit.detail && <span className={styles.detail}> · {hit.detail}</span>}
                  </span>
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={`Choose ${hit.title}`}
                    onClick={() => {
                      onChange(hit);
                      setTimeout(() => change.current?.focus(), 0);
                    }}
                  >
                    Choose
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}
