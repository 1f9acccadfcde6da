import type { Notification } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** What a notification says: who did what (spec §3 Notification kinds reply, comment, mention). */
export const useNotificationText = () => {
  const { t } = useTranslation();
  return (n: Notification): string => {
    const where = n.bookmark ? 'Workspace' : 'Project';
    if (n.kind === 'reply') return t('notifications.text.reply', { name: n.user.name });
    if (n.kind === 'mention') return t(`notifications.text.mention${where}`, { name: n.user.name });
    return t(`notifications.text.comment${where}`, { name: n.user.name });
  };
};

export const NotificationTime = ({ at }: { readonly at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;
