import { useState } from 'react';
import { Drawer } from '../../components/drawer';
import { EmptyState } from '../../components/empty-state';
import { IconButton } from '../../components/icon-button';
import { BellIcon } from '../../components/icons';

/** The bell in the header (signed-in users only) and its right-side drawer. */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label="Notifications"
        icon={<BellIcon />}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Drawer open={open} onClose={() => setOpen(false)} title="Notifications" side="right">
        <EmptyState icon={<BellIcon size={24} />} title="No new notifications" />
      </Drawer>
    </>
  );
}
