import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  /** The question ('Delete this list?'). */
  title: ReactNode;
  /** The confirming button's label ('Delete'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmed action is running: its button shows a spinner. */
  pending?: boolean;
  /** Something else is running that the action must wait for: its button does nothing yet. */
  blocked?: boolean;
  /** What will happen, under the question. */
  children: ReactNode;
}

/** Asks before a destructive action: Cancel, or the confirming button in the danger colour. */
export function ConfirmDialog({
  open,
  onClose,
  title,
  confirmLabel,
  onConfirm,
  pending = false,
  blocked = false,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={pending}
            aria-disabled={(blocked && !pending) || undefined}
            onClick={() => {
              if (!blocked) onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
