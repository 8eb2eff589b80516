import { Anchor, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink } from 'react-router';
import { isApiError } from '../../lib/api-client.ts';
import { errorText } from '../../lib/error-text.ts';
import { knownMe } from '../../lib/query-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';
import { BackLink } from '../../ui/back-link.tsx';

/** The console's sections, in its navigation. */
const SECTIONS = [
  { key: 'queue', to: '/moderation' },
  { key: 'verifications', to: '/moderation/verifications' },
  { key: 'held', to: '/moderation/held' },
] as const;

/** Every console screen's frame: its sections, a way back, the title and the content; wide on desktop. */
export function ConsoleScreen({
  title,
  back,
  children,
}: {
  title: string;
  back?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('moderation');
  useDocumentTitle(title);
  return (
    <Container size="lg" px="md" py="md">
      <Stack gap="md">
        <Group component="nav" aria-label={t('nav.label')} gap="md">
          {SECTIONS.map(({ key, to }) => (
            <Anchor
              key={key}
              component={NavLink}
              to={to}
              end
              size="sm"
              fw={600}
              style={({ isActive }: { isActive: boolean }) =>
                isActive ? { textDecoration: 'underline' } : {}
              }
            >
              {t(`nav.${key}`)}
            </Anchor>
          ))}
        </Group>
        {back && <BackLink to={back} label={t('back')} />}
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

type Loading<T> = {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  isFetching: boolean;
};

/**
 * What a console query shows until it has data: skeletons, or the failure with a retry. A 404 is the
 * API's answer to a member (the console is not theirs): they get what an unknown address gives; to
 * staff, a case or member that does not exist.
 */
export function ConsoleLoaded<T>({
  query,
  children,
}: {
  query: Loading<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['moderation', 'errors']);
  const staff = knownMe(useQueryClient())?.role !== 'member';
  if (query.data !== undefined) return children(query.data);
  if (!query.isError) return <Skeleton height={120} radius="md" />;
  if (isApiError(query.error) && query.error.status === 404)
    return staff ? <Text c="dimmed">{t('notFound')}</Text> : <Navigate replace to="/" />;
  return (
    <LoadFailed
      message={t('loadFailed')}
      reason={errorText(query.error, t)}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
