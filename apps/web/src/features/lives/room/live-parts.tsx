import { Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LiveEndReason } from '@motema/shared/lives';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { BackLink } from '../../../ui/back-link.tsx';

/** Every live screen's frame: a way back to the lives (`back`), the title and the content, phone first. */
export function LiveScreen({
  title,
  back = true,
  children,
}: {
  title: string;
  back?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('lives');
  useDocumentTitle(title);
  return (
    <Container size="sm" px="md" py="md">
      <Stack gap="md">
        {back && <BackLink to="/lives" label={t('back')} />}
        <Title order={1} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Container>
  );
}

/** The red LIVE badge. */
export function LiveBadge() {
  const { t } = useTranslation('lives');
  return (
    <Badge color="red.9" variant="filled" radius="sm" size="sm">
      {t('badge')}
    </Badge>
  );
}

/** How many watch, with an eye. */
export function ViewerCount({ count }: { count: number }) {
  const { t } = useTranslation('lives');
  return (
    <Badge
      color="dark"
      variant="filled"
      radius="sm"
      size="sm"
      leftSection={<IconEye size={12} aria-hidden />}
      aria-label={t('viewers.count', { count })}
    >
      {count}
    </Badge>
  );
}

/**
 * Said when a live is over for the member, whatever the reason; never an error. The broadcaster
 * (`own`) is told about their own live, not thanked for watching it.
 */
export function LiveEnded({
  reason,
  own = false,
  children,
}: {
  reason: LiveEndReason | 'removed';
  own?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('lives');
  const title = own ? 'endedOwn.title' : reason === 'removed' ? 'ended.removedTitle' : 'ended.title';
  const text = own && reason !== 'removed' ? `endedOwn.${reason}` : `ended.${reason}`;
  return (
    <Paper withBorder radius="md" p="lg" role="status">
      <Stack gap="xs" align="center" ta="center">
        <Title order={2} size="h4">
          {t(title)}
        </Title>
        <Text c="dimmed">{t(text)}</Text>
        {children}
        <Group>
          <Button component={Link} to="/lives" variant="light">
            {t('ended.more')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
