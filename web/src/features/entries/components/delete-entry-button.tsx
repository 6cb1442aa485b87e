import { useState } from 'react';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useDeleteEntry, useEntryBusy } from '../api';

export const DELETE_ENTRY_QUESTION = 'Delete your entry for this release?';

/** Deletes the viewer's whole entry (rating, review, tags, track votes) after asking. */
export function DeleteEntryButton({ releaseId }: { releaseId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteEntry(releaseId);
  const busy = useEntryBusy(releaseId);

  return (
    <>
      <Button
        variant="text"
        size="small"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) setOpen(true);
        }}
      >
        Delete entry
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={DELETE_ENTRY_QUESTION}
        confirmLabel="Delete"
        pending={remove.isPending}
        blocked={busy}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setOpen(false) })}
      >
        <p>Your rating, review, tags and track votes for this release will be removed.</p>
      </ConfirmDialog>
    </>
  );
}
