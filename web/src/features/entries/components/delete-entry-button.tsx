import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
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
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={DELETE_ENTRY_QUESTION}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              aria-disabled={(busy && !remove.isPending) || undefined}
              onClick={() => {
                if (busy) return;
                remove.mutate(undefined, { onSuccess: () => setOpen(false) });
              }}
            >
              Delete
            </Button>
          </>
        }
      >
        <p>Your rating, review, tags and track votes for this release will be removed.</p>
      </Dialog>
    </>
  );
}
