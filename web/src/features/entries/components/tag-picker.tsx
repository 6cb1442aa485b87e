import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { isBlankText, TAG_MAX_LENGTH, TAGS_PER_ENTRY_MAX } from '@earmark/common';
import type { Entry, Tag } from '@earmark/common';
import { Button } from '../../../components/button';
import { CheckIcon, PlusIcon } from '../../../components/icons';
import { useCreateTag, useEntryBusy, useSaveEntry, useUserTags } from '../api';
import styles from './tag-picker.module.css';

/** The user's tags, by name, plus any on the entry that the tag list lacks. */
function tagChoices(entry: Entry | null, own: readonly Tag[]): Tag[] {
  const byId = new Map<string, Tag>();
  for (const tag of [...own, ...(entry?.tags ?? [])]) byId.set(tag.id, tag);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The viewer's own tags as toggles: pressed ones are on this entry. A new tag
 * is created and put on the entry at once.
 */
export function TagPicker({
  releaseId,
  entry,
  userId,
}: {
  releaseId: string;
  entry: Entry | null;
  userId: string;
}) {
  const headingId = useId();
  const newTagId = useId();
  const tags = useUserTags(userId);
  const save = useSaveEntry(releaseId);
  const create = useCreateTag(releaseId, userId);
  const busy = useEntryBusy(releaseId);
  const [name, setName] = useState('');

  const attached = entry?.tags.map((tag) => tag.id) ?? [];
  const full = attached.length >= TAGS_PER_ENTRY_MAX;
  const choices = tagChoices(entry, tags.data ?? []);

  function toggle(tagId: string) {
    if (busy) return;
    const on = attached.includes(tagId);
    if (!on && full) return;
    save.mutate({ tags: on ? attached.filter((id) => id !== tagId) : [...attached, tagId] });
  }

  function addTag(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (isBlankText(trimmed) || busy || full) return;
    const existing = choices.find((tag) => tag.name.toLowerCase() === trimmed.toLowerCase());
    if (existing) {
      setName('');
      if (!attached.includes(existing.id)) save.mutate({ tags: [...attached, existing.id] });
      return;
    }
    create.mutate(trimmed, {
      onSuccess: (tag) => {
        setName('');
        save.mutate({ tags: [...attached, tag.id] });
      },
    });
  }

  return (
    <div role="group" aria-labelledby={headingId} className={styles.picker}>
      <p id={headingId} className={styles.heading}>
        Your tags
      </p>
      {choices.length > 0 ? (
        <ul className={styles.tags}>
          {choices.map((tag) => {
            const on = attached.includes(tag.id);
            return (
              <li key={tag.id}>
                <button
                  type="button"
                  className={styles.tag}
                  aria-pressed={on}
                  aria-disabled={busy || (!on && full) || undefined}
                  onClick={() => toggle(tag.id)}
                >
                  {on && <CheckIcon size={14} />}
                  {tag.name}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        tags.isSuccess && <p className={styles.note}>You have no tags yet.</p>
      )}
      <form className={styles.create} onSubmit={addTag}>
        <label htmlFor={newTagId} className="visually-hidden">
          New tag
        </label>
        <input
          id={newTagId}
          className={styles.input}
          value={name}
          maxLength={TAG_MAX_LENGTH}
          placeholder="New tag"
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
        <Button
          type="submit"
          variant="secondary"
          size="small"
          icon={<PlusIcon size={16} />}
          aria-disabled={busy || full || isBlankText(name) || undefined}
        >
          Add tag
        </Button>
      </form>
      {full && <p className={styles.note}>An entry can have up to {TAGS_PER_ENTRY_MAX} tags.</p>}
    </div>
  );
}
