import { useId, useState } from 'react';
import { isBlankText, REVIEW_MAX_LENGTH } from '@earmark/common';
import type { Entry } from '@earmark/common';
import { Button } from '../../../components/button';
import { Markdown } from '../../../components/markdown';
import { TabPanel, Tabs } from '../../../components/tabs';
import { useEntryBusy, useSaveEntry } from '../api';
import styles from './review-editor.module.css';

type EditorTab = 'write' | 'preview';
const TABS = [
  { value: 'write' as const, label: 'Write' },
  { value: 'preview' as const, label: 'Preview' },
];

const count = (n: number) => n.toLocaleString('en');

/**
 * Writing the viewer's review in markdown, with a preview rendered exactly
 * as the review will show. `onDone` is called after saving, removing or
 * cancelling (the panel closes the editor).
 */
export function ReviewEditor({
  releaseId,
  entry,
  onDone,
}: {
  releaseId: string;
  entry: Entry | null;
  onDone: () => void;
}) {
  const idPrefix = useId();
  const fieldId = useId();
  const counterId = useId();
  const save = useSaveEntry(releaseId);
  const busy = useEntryBusy(releaseId);
  const saved = entry?.review?.body ?? '';
  const [text, setText] = useState(saved);
  const [tab, setTab] = useState<EditorTab>('write');

  // The server's rule: whitespace and zero-width characters alone are no review.
  const blank = isBlankText(text);
  const unchanged = text === saved;
  const cannotSave = busy || blank || unchanged || text.length > REVIEW_MAX_LENGTH;

  function submit() {
    if (cannotSave) return;
    save.mutate({ review: text }, { onSuccess: onDone });
  }

  function remove() {
    if (busy) return;
    save.mutate({ review: null }, { onSuccess: onDone });
  }

  return (
    <div className={styles.editor}>
      <Tabs items={TABS} value={tab} onChange={setTab} label="Review editor" idPrefix={idPrefix} />
      <TabPanel idPrefix={idPrefix} value={tab}>
        {tab === 'write' ? (
          <div className={styles.write}>
            <label htmlFor={fieldId} className="visually-hidden">
              Your review
            </label>
            <textarea
              id={fieldId}
              className={styles.textarea}
              value={text}
              maxLength={REVIEW_MAX_LENGTH}
              rows={10}
              placeholder="What did you think? Markdown works: **bold**, *italics*, [links](https://…), > quotes, lists."
              aria-describedby={counterId}
              onChange={(event) => setText(event.target.value)}
            />
            <p id={counterId} className={styles.counter}>
              {count(text.length)} / {count(REVIEW_MAX_LENGTH)} characters
            </p>
          </div>
        ) : (
          <div className={styles.preview}>
            {blank ? (
              <p className={styles.nothing}>Nothing to preview yet.</p>
            ) : (
              <Markdown>{text}</Markdown>
            )}
          </div>
        )}
      </TabPanel>
      <div className={styles.actions}>
        <Button
          aria-disabled={cannotSave || undefined}
          loading={
            save.isPending && save.variables.review !== undefined && save.variables.review !== null
          }
          onClick={submit}
        >
          {saved ? 'Save review' : 'Publish review'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        {saved && (
          <Button
            variant="text"
            className={styles.remove}
            aria-disabled={busy || undefined}
            onClick={remove}
          >
            Remove review
          </Button>
        )}
      </div>
    </div>
  );
}
