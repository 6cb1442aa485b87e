import { useId, useState } from 'react';
import type { ChangeEvent, DragEvent } from 'react';
import { AVATAR_LARGE_PX, IMAGE_MIME_TYPES, imageFileProblem } from '@earmark/common';
import type { CurrentUser } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { Button, buttonClassName } from '../../../components/button';
import { useUpdateImage } from '../api';
import { sectionStyles } from './settings-section';
import { useImageSelection } from '../../../components/use-image-selection';
import styles from './avatar-uploader.module.css';

const ACCEPT = IMAGE_MIME_TYPES.join(',');

/** Picks, previews and uploads a new profile picture for the signed-in user. */
export function AvatarUploader({ user }: { user: CurrentUser }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const upload = useUpdateImage(user.id);
  const [selection, select] = useImageSelection();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const file = selection?.file ?? null;

  function choose(picked: File | undefined) {
    if (!picked) return;
    const issue = imageFileProblem(picked);
    setProblem(issue);
    select(issue ? null : picked);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0]);
    // Let the same file be picked again after a cancel.
    event.target.value = '';
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!upload.isPending) choose(event.dataTransfer.files[0]);
  }

  function cancel() {
    select(null);
    setProblem(null);
  }

  return (
    <div className={styles.uploader}>
      <div className={styles.previews}>
        <figure className={styles.figure}>
          <Avatar user={user} size={AVATAR_LARGE_PX} />
          <figcaption className={styles.caption}>Current</figcaption>
        </figure>
        {selection && (
          <figure className={styles.figure}>
            <img
              className={styles.preview}
              src={selection.previewUrl}
              alt="Preview of the chosen image"
            />
            <figcaption className={styles.caption}>New (not saved yet)</figcaption>
          </figure>
        )}
      </div>

      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          className={`visually-hidden ${styles.fileInput}`}
          aria-describedby={problem ? errorId : undefined}
          aria-invalid={problem ? true : undefined}
          disabled={upload.isPending}
          onChange={onChange}
        />
        <label htmlFor={inputId} className={buttonClassName({ variant: 'secondary' })}>
          {file ? 'Choose another image' : 'Choose image'}
        </label>
        {file ? (
          <p className={styles.fileName}>{file.name}</p>
        ) : (
          <p className={styles.dropHint}>or drop an image here</p>
        )}
        <p className={styles.hint}>
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB. Square images fit best.
        </p>
        {problem && (
          <p id={errorId} className={styles.error} role="alert">
            {problem}
          </p>
        )}
      </div>

      <div className={sectionStyles.actions}>
        <Button
          disabled={!file}
          loading={upload.isPending}
          onClick={() => file && upload.mutate(file, { onSuccess: cancel })}
        >
          Upload image
        </Button>
        {file && (
          <Button variant="text" onClick={cancel} disabled={upload.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}
