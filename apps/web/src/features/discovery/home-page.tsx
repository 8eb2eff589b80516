import { Anchor, Container, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { AvatarPrompt } from '../media/avatar-prompt.tsx';
import { useMeQuery } from '../users/users.api.ts';
import { NearSection } from './near-section.tsx';
import { UserGridSection } from './user-grid-section.tsx';
import { UserRowSection } from './user-row-section.tsx';
import { useKeepHomeCopy } from './use-keep-home-copy.ts';

/** The nudge to add a photo, given the member's profile; its own component, so a change of the profile re-renders it, not the lists. */
function HomeAvatarPrompt() {
  return <AvatarPrompt member={useMeQuery().data} />;
}

/**
 * Home: the member's moderation notices (`notices`, the moderation feature's) and the story tray
 * (`stories`: the posts feature's), each lent through a slot and composed by the route (discovery.feature.tsx), a nudge
 * to add a photo, the keyed lists as rows (near first), then everyone who fits the member's
 * preferences as a grid that keeps loading. Rows with nothing to say hide themselves; the first ones
 * keep an empty state so the top of the page does not jump.
 */
export function HomePage({ stories, notices }: { stories?: ReactNode; notices?: ReactNode }) {
  const { t } = useTranslation('discovery');
  useDocumentTitle(t('home.documentTitle'));
  useKeepHomeCopy();

  return (
    <Container size="xl" px="md" py="md">
      <VisuallyHidden>
        <Title order={1}>{t('home.title')}</Title>
      </VisuallyHidden>
      <Stack gap="xl">
        {notices}
        {stories}
        <HomeAvatarPrompt />
        <NearSection />
        <UserRowSection filter="connected" empty={<Text size="sm">{t('home.empty.connected')}</Text>} />
        <UserRowSection
          filter="rated-each"
          empty={
            <>
              <Text size="sm">{t('home.empty.rated-each')}</Text>
              <Anchor component={Link} to="/swap" size="sm" fw={600}>
                {t('home.startSwiping')}
              </Anchor>
            </>
          }
        />
        <UserRowSection filter="visited-me" />
        <UserRowSection filter="rated-me" />
        <UserRowSection filter="popular" />
        <UserRowSection filter="last" />
        <UserRowSection filter="i-visited" />
        <UserRowSection filter="i-rated" />
        <UserGridSection />
      </Stack>
    </Container>
  );
}
