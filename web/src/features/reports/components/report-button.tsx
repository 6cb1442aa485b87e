import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createReportSchema } from '@earmark/common';
import type { ReportType } from '@earmark/common';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { TextArea } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { useCurrentUser } from '../../../lib/current-user';
import { showSnackbar } from '../../../lib/snackbar';
import { useCreateReport } from '../api';
import styles from './report-button.module.css';

const reasonSchema = createReportSchema.pick({ reason: true });

export const REPORT_THANKS = 'Thank you. Our moderators will look at your report.';

interface ReportButtonProps {
  type: ReportType;
  id: string;
  /** What is reported, for the dialog's title: 'review', 'comment'. */
  what?: string;
  /** The owner of the reported thing: people do not report their own. */
  ownerId?: string | null;
  className?: string;
}

/** 'Report' for signed-in readers: a dialog asking why, then a thank-you. */
export function ReportButton({ type, id, what = type, ownerId, className }: ReportButtonProps) {
  const [open, setOpen] = useState(false);
  const { user } = useCurrentUser();
  if (!user || (ownerId && ownerId === user.id)) return null;
  return (
    <>
      <Button
        variant="text"
        size="small"
        className={className}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Report
      </Button>
      {open && <ReportDialog type={type} id={id} what={what} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({
  type,
  id,
  what,
  onClose,
}: {
  type: ReportType;
  id: string;
  what: string;
  onClose: () => void;
}) {
  const report = useCreateReport();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const formId = `report-${type}-${id}`;

  return (
    <Dialog
      open
      onClose={onClose}
      title={`Report this ${what}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={report.isPending}>
            Submit
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={handleSubmit(({ reason }) =>
          report.mutate(
            { type, id, reason },
            {
              onSuccess: () => {
                onClose();
                showSnackbar(REPORT_THANKS, 'success');
              },
            },
          ),
        )}
      >
        <p className={styles.intro}>
          Tell the moderators what breaks the rules. They see your username with the report.
        </p>
        <TextArea label="Reason" rows={5} error={errors.reason?.message} {...register('reason')} />
        {report.isError && (
          <p role="alert" className={styles.error}>
            {errorMessage(report.error)}
          </p>
        )}
      </form>
    </Dialog>
  );
}
