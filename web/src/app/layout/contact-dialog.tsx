import { CONTACT_EMAIL } from '@earmark/common';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { MailIcon } from '../../components/icons';
import buttonStyles from '../../components/button.module.css';

export const CONTACT_TEXT =
  "Feel free to contact us with any feedback, bug reports, or questions. We're always happy to hear from you!";

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contact"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <a
            href={`mailto:${CONTACT_EMAIL}`}
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
          >
            <MailIcon size={18} />
            Email {CONTACT_EMAIL}
          </a>
        </>
      }
    >
      <p>{CONTACT_TEXT}</p>
    </Dialog>
  );
}
