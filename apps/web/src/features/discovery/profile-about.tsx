import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '@motema/shared/discovery';
import {
  ORIENTATIONS_WITHOUT_VARIANTS,
  RELATIONSHIPS_WITHOUT_VARIANTS,
  variantKey,
} from '@motema/shared/users';
import { useTranslation } from 'react-i18next';
import { MemberText } from '../../ui/member-text.tsx';

/** What the member says about themselves, then their relationship and orientation when they gave them. */
export function ProfileAbout({ profile, name }: { profile: Profile; name: string }) {
  const { t } = useTranslation(['discovery', 'settings']);
  const details = [
    profile.relationship && {
      label: t('settings:profile.relationship'),
      value: t(
        `settings:relationship.${variantKey(profile.relationship, profile.sex, RELATIONSHIPS_WITHOUT_VARIANTS)}`,
      ),
    },
    profile.orientation && {
      label: t('settings:profile.orientation'),
      value: t(
        `settings:orientation.${variantKey(profile.orientation, profile.sex, ORIENTATIONS_WITHOUT_VARIANTS)}`,
      ),
    },
  ].filter((detail) => !!detail);

  return (
    <>
      <Stack gap={6} component="section" aria-labelledby="profile-about">
        <Title order={2} size="h4" id="profile-about">
          {t('profile.about', { name })}
        </Title>
        {profile.about ? (
          <Text component="div" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            <MemberText block>{profile.about}</MemberText>
          </Text>
        ) : (
          <Text c="dimmed">{t('profile.noAbout', { name })}</Text>
        )}
      </Stack>

      {details.length > 0 && (
        <Box component="dl" m={0}>
          {details.map((detail) => (
            <Group key={detail.label} gap="xs" py={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed" w={140} style={{ flex: 'none' }}>
                {detail.label}
              </Text>
              <Text component="dd" m={0}>
                {detail.value}
              </Text>
            </Group>
          ))}
        </Box>
      )}
    </>
  );
}
