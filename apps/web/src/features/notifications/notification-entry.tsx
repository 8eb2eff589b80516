import { Group, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { NotificationEntry } from '@motema/shared/notifications';
import { IconCreditCard, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLanguage } from '../../lib/i18n.ts';
import { MemberAvatar } from '../../ui/member-avatar.tsx';
import { isolate } from '../../ui/member-text.tsx';
import { timeAgo } from '../../lib/time-ago.ts';
import classes from './notifications.module.css';

/**
 * Where a notification leads: the member's profile, the post, the requests page, the payments, a
 * zone's waiting list (a request to join it), the zone (the answer to one's own request).
 */
export function notificationPath(entry: NotificationEntry): string {
  const zone = entry.zone && `/zone/${encodeURIComponent(entry.zone._id)}`;
  switch (entry.kind) {
    case 'request':
      return '/posts/requests';
    case 'comment':
    case 'zonePost':
      return entry.postId ? `/post/${encodeURIComponent(entry.postId)}` : '/posts';
    case 'payment':
      return '/premium/subscriptions';
    case 'zoneRequest':
      return zone ? `${zone}/members` : '/zones';
    case 'zoneAnswer':
      return zone ?? '/zones';
    default:
      return entry.user ? `/profile/${encodeURIComponent(entry.user._id)}` : '/home';
  }
}

/**
 * What a notification tells, in a sentence (the member's name and the zone's title isolated: either
 * may run right to left).
 */
function useNotificationText(entry: NotificationEntry): string {
  const { t } = useTranslation('notifications');
  if (entry.kind === 'payment')
    return t(entry.payment?.status === 'FAILED' ? 'list.payment.failed' : 'list.payment.succeeded');
  const zone = isolate(entry.zone?.title ?? '');
  if (entry.kind === 'zoneAnswer')
    return t(entry.zone?.answer === 'declined' ? 'list.zoneAnswer.declined' : 'list.zoneAnswer.approved', {
      zone,
    });
  return t(`list.${entry.kind}`, { name: isolate(entry.user?.name ?? ''), zone });
}

/** One notification: who, what, when; unread ones stand out (a tint and a dot, and said to screen readers). */
export function NotificationEntryRow({ entry, now }: { entry: NotificationEntry; now: number }) {
  const { t } = useTranslation('notifications');
  const text = useNotificationText(entry);
  return (
    <li className={classes.item}>
      <UnstyledButton
        component={Link}
        to={notificationPath(entry)}
        className={classes.entry}
        data-unread={!entry.read || undefined}
      >
        <Group gap="sm" wrap="nowrap" align="center">
          {entry.user ? (
            <MemberAvatar name={entry.user.name} image={entry.user.avatar} size={44} radius={44} />
          ) : (
            <ThemeIcon size={44} radius={44} variant="light" aria-hidden>
              {entry.zone ? (
                <IconUsersGroup size={24} stroke={1.6} />
              ) : (
                <IconCreditCard size={24} stroke={1.6} />
              )}
            </ThemeIcon>
          )}
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text size="sm" fw={entry.read ? 400 : 600}>
              {text}
            </Text>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.createdAt}>
                {timeAgo(entry.createdAt, now, currentLanguage(), 'week')}
              </time>
              {!entry.read && <span className={classes.hidden}> · {t('list.unread')}</span>}
            </Text>
          </Stack>
          {!entry.read && <span className={classes.dot} aria-hidden />}
        </Group>
      </UnstyledButton>
    </li>
  );
}
