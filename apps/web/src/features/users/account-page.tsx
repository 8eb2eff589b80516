import {
  Avatar,
  Button,
  Container,
  EmptyState,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCamera,
  IconCircleDashed,
  IconCrown,
  IconMicrophone,
  IconPhoto,
  IconSettings,
  IconUserEdit,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMeQuery } from './users.api.ts';

const TABS: { value: string; Icon: TablerIcon }[] = [
  { value: 'pictures', Icon: IconPhoto },
  { value: 'videos', Icon: IconVideo },
  { value: 'podcasts', Icon: IconMicrophone },
  { value: 'stories', Icon: IconCircleDashed },
];

const SHORTCUTS = [
  { to: '/settings/profile', key: 'account.editProfile', Icon: IconUserEdit, color: undefined },
  { to: '/settings', key: 'account.settings', Icon: IconSettings, color: 'gray' },
  { to: '/premium', key: 'account.premium', Icon: IconCrown, color: 'ochre' },
] as const;

/** The member's own space: who they are, a nudge to add a photo, their posts by kind, and shortcuts. */
export function AccountPage() {
  const { t } = useTranslation('home');
  const me = useMeQuery().data;
  if (!me) return null;

  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <Group wrap="nowrap" gap="md" align="center">
          <Avatar name={me.name} color="initials" size={88} radius={88} src={me.avatar?.thumbnail} alt="" />
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {t('account.nameAge', { name: me.name, age: me.age })}
            </Title>
            <Text c="dimmed" truncate>
              @{me.username}
            </Text>
          </div>
        </Group>

        {!me.avatar && (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-coral-light)">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <IconCamera size={28} stroke={1.6} color="var(--mantine-color-coral-light-color)" aria-hidden />
              <Stack gap={6} style={{ flex: 1 }}>
                <Text fw={700}>{t('account.photoPrompt')}</Text>
                <Text size="sm">{t('account.photoSoon')}</Text>
                <Button
                  size="sm"
                  leftSection={<IconCamera size={18} />}
                  disabled
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('account.addPhoto')}
                </Button>
              </Stack>
            </Group>
          </Paper>
        )}

        <SimpleGrid cols={3} spacing="xs">
          {SHORTCUTS.map(({ to, key, Icon, color }) => (
            <Button
              key={to}
              component={Link}
              to={to}
              variant="light"
              color={color}
              h="auto"
              py="sm"
              px={4}
              styles={{
                label: { flexDirection: 'column', gap: 4, whiteSpace: 'normal', textAlign: 'center' },
              }}
            >
              <Icon size={22} stroke={1.7} aria-hidden />
              <Text fz="sm" fw={600} lh={1.25}>
                {t(key)}
              </Text>
            </Button>
          ))}
        </SimpleGrid>

        <Tabs defaultValue="pictures" keepMounted={false}>
          <Tabs.List grow style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
            {TABS.map(({ value }) => (
              <Tabs.Tab key={value} value={value} px={6} fz="sm">
                {t(`account.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {TABS.map(({ value, Icon }) => (
            <Tabs.Panel key={value} value={value} pt="xl">
              <EmptyState
                icon={<Icon size={28} />}
                withIndicatorBackground
                title={t(`account.empty.${value}.title`)}
                description={t(`account.empty.${value}.text`)}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
