import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGE_MAX_LENGTH, adminNotificationInputSchema } from '@earmark/common';
import { Button } from '../../../components/button';
import { TextArea, TextField } from '../../../components/text-field';
import { errorMessage } from '../../../lib/api';
import { useSendAdminNotification } from '../api';
import styles from './admin-panel.module.css';

const messageSchema = adminNotificationInputSchema.pick({ message: true, link: true });

/** A message from the admins, with an optional link; it arrives as a notification. */
export function MessageForm({ userId, name }: { userId: string; name: string }) {
  const send = useSendAdminNotification();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(messageSchema),
    defaultValues: { message: '', link: null as string | null },
  });
  const length = useWatch({ control, name: 'message' }).length;

  return (
    <form
      className={`${styles.setting} ${styles.message}`}
      aria-labelledby="admin-message-title"
      noValidate
      onSubmit={handleSubmit((values) =>
        send.mutate(
          { userId, message: values.message, link: values.link ?? null },
          { onSuccess: () => reset() },
        ),
      )}
    >
      <h3 id="admin-message-title" className={styles.settingTitle}>
        Send a message
      </h3>
      <TextArea
        label="Message"
        rows={4}
        maxLength={ADMIN_MESSAGE_MAX_LENGTH}
        hint={`${length} / ${ADMIN_MESSAGE_MAX_LENGTH} characters. ${name} gets it as a notification.`}
        error={errors.message?.message}
        {...register('message', { onChange: () => send.reset() })}
      />
      <TextField
        label="Link (optional)"
        hint="A path on Earmark such as /rules, or an http(s) address."
        error={errors.link?.message}
        {...register('link', { setValueAs: (v: string | null) => (v ? v.trim() || null : null) })}
      />
      <div className={styles.row}>
        <Button type="submit" variant="secondary" loading={send.isPending}>
          Send message
        </Button>
      </div>
      <p role="status" className={styles.saved}>
        {send.isSuccess ? `Message sent to ${name}.` : null}
      </p>
      {send.isError && (
        <p role="alert" className={styles.error}>
          {errorMessage(send.error)}
        </p>
      )}
    </form>
  );
}
