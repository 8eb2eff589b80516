import { Button, Container, Skeleton, Stack, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { zoneRoleMay, type ZoneRole } from '@motema/shared/zones';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format-date.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { knownMe } from '../../lib/query-client.ts';
import { loginPath } from '../../lib/safe-from.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { Unavailable } from '../../ui/unavailable.tsx';
import type { ZoneFeedProps, ZoneFeedSlot } from '../../ui/zone-feed-slot.ts';
import { BackLink } from '../../ui/back-link.tsx';

/** Every zone screen's frame: a way back, the title and the content. */
export function ZoneScreen({ title, back, children }: { title: string; back?: string; children: ReactNode }) {
  const { t } = useTranslation('zones');
  useDocumentTitle(title);
  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        {back && <BackLink to={back} label={t('back')} />}
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

type Loading = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
};

/**
 * What a query shows until it has data: skeletons, or the failure with a retry; a zone the server
 * does not know (deleted, or private to a visitor) is said once, without a retry that cannot help.
 */
export function Loaded({
  query,
  message,
  children,
}: {
  query: Loading;
  message: string;
  children: () => ReactNode;
}) {
  const { t } = useTranslation('zones');
  if (query.isError && isApiError(query.error) && query.error.code === 'zone_not_found')
    return <ZoneUnavailable />;
  if (query.isError)
    return (
      <LoadFailed
        message={message}
        reason={errorText(query.error, t)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  if (query.isPending) return [0, 1, 2].map((row) => <Skeleton key={row} height={64} radius="md" />);
  return children();
}

/** A zone that is gone: the way back to the zones, or for a visitor to log in (a private zone). */
function ZoneUnavailable() {
  const { t } = useTranslation('zones');
  const visitor = knownMe(useQueryClient()) === null;
  const { pathname } = useLocation();
  return (
    <Unavailable
      icon={IconMoodEmpty}
      title={t('errors:zone_not_found')}
      text={t(visitor ? 'gone.hintVisitor' : 'gone.hint')}
      level={2}
    >
      {visitor ? (
        <Button component={Link} to={loginPath(pathname)} mt="sm">
          {t('gone.logIn')}
        </Button>
      ) : (
        <Button component={Link} to="/zones" variant="light" mt="sm">
          {t('gone.toZones')}
        </Button>
      )}
    </Unavailable>
  );
}

/** The settings' parts a role has (decision 0041): the admin's edit and deletion, the moderators' invite links. */
export const settingsOf = (role: ZoneRole | null) => ({
  edit: zoneRoleMay(role, 'update'),
  invites: zoneRoleMay(role, 'manage_invites'),
  remove: zoneRoleMay(role, 'delete'),
});

/** Whether a role has any part of the zone's settings (`/zone/:id/settings`). */
export const seesSettings = (role: ZoneRole | null) => Object.values(settingsOf(role)).some(Boolean);

/** When someone joined, as a date in the member's language. */
export const sinceText = (iso: string) =>
  formatDate(Date.parse(iso), currentLanguage(), { day: 'numeric', month: 'long', year: 'numeric' });

/** The zone's feed (lent by the posts feature through the route), a skeleton while its code loads. */
export function ZoneFeedPart({ feed: Feed, ...props }: ZoneFeedProps & { feed?: ZoneFeedSlot }) {
  if (!Feed) return null;
  return (
    <Suspense fallback={<Skeleton height={160} radius="md" />}>
      <Feed {...props} />
    </Suspense>
  );
}
