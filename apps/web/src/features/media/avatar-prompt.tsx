import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCamera } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvatarOwner } from './avatar-chooser.tsx';
import { AvatarSheet } from './avatar-sheet.tsx';
import { usePhotosQuery } from './media.api.ts';

/**
 * For a member without an avatar (home and account pages): profiles with a photo get about 10 times
 * more views; to one with photos already, choose one of them. Opens the avatar flow; shows nothing once the member has an avatar, nor without a
 * member (a visitor, or a profile not loaded yet).
 */
export function AvatarPrompt({ member: me }: { member: AvatarOwner | null | undefined }) {
  const { t } = useTranslation('media');
  const [opened, { open, close }] = useDisclosure(false);
  const titleId = useId();
  // Read from what the gallery already holds (the account page's), never asked for here: a member who
  // added photos but chose none as the avatar is asked to choose, not to add one.
  const hasPhotos = (usePhotosQuery({ enabled: false }).data?.count ?? 0) > 0;
  const words = hasPhotos
    ? { title: 'prompt.chooseTitle', text: 'prompt.chooseText', action: 'prompt.chooseAction' }
    : { title: 'prompt.title', text: 'prompt.text', action: 'prompt.action' };

  // Kept while the flow is open, so the sheet can close normally once the avatar is set.
  if (!me || (me.avatar && !opened)) return null;

  return (
    <>
      {!me.avatar && (
        <Paper
          component="section"
          aria-labelledby={titleId}
          withBorder
          radius="md"
          p="md"
          bg="var(--mantine-color-coral-light)"
        >
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <IconCamera size={28} stroke={1.6} color="var(--mantine-color-coral-light-color)" aria-hidden />
            <Stack gap={6} style={{ flex: 1 }}>
              <Text fw={700} id={titleId}>
                {t(words.title)}
              </Text>
              <Text size="sm">{t(words.text)}</Text>
              <Button
                size="sm"
                leftSection={<IconCamera size={18} aria-hidden />}
                onClick={open}
                style={{ alignSelf: 'flex-start' }}
              >
                {t(words.action)}
              </Button>
            </Stack>
          </Group>
        </Paper>
      )}
      <AvatarSheet member={me} opened={opened} onClose={close} />
    </>
  );
}
