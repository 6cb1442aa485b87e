import { useState } from 'react';
import { Button } from '../../../components/button';
import type { ButtonVariant } from '../../../components/button';
import { PlusIcon } from '../../../components/icons';
import { useCurrentUser } from '../../../lib/current-user';
import { CreateListDialog } from './create-list-dialog';

/**
 * 'Create a list' for a signed-in member (nothing for visitors): opens the
 * Create List dialog, which goes to the new list's page on save.
 */
export function CreateListButton({ variant = 'primary' }: { variant?: ButtonVariant }) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <>
      <Button variant={variant} icon={<PlusIcon size={18} />} onClick={() => setOpen(true)}>
        Create a list
      </Button>
      <CreateListDialog open={open} onClose={() => setOpen(false)} redirect />
    </>
  );
}
