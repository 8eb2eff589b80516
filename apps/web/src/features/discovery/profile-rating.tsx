import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { RATING_MAX, RATING_MIN, type Profile, type RatingResult } from '@motema/shared/discovery';
import { IconHeartFilled, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { discoveryKeys, useRateMutation } from './discovery.api.ts';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

type Props = {
  userId: string;
  /** The member's first name, as the texts say it. */
  name: string;
  rating: NonNullable<Profile['rating']>;
};

/**
 * The viewer's 1 to 5 stars for a member: one button per star ("Rate 4 out of 5"), the current one
 * pressed. A tap sends the rating at once and shows it before the server answers.
 */
export function ProfileRating({ userId, name, rating }: Props) {
  const { t } = useTranslation('discovery');
  const queryClient = useQueryClient();
  const rate = useRateMutation();
  const [hovered, setHovered] = useState<number | null>(null);

  const sending = rate.isPending ? (rate.variables?.score ?? null) : null;
  const current = sending ?? rating.mine;
  const shown = hovered ?? current ?? 0;

  const send = (score: number) =>
    rate.mutate(
      { user: userId, score },
      {
        // Every cached version of this profile (visitor or member) learns the new rating at once.
        onSuccess: (result: RatingResult) =>
          queryClient.setQueriesData<Profile>({ queryKey: discoveryKeys.profile(userId) }, (profile) =>
            profile?.rating
              ? { ...profile, rating: { mine: result.score, matched: result.matched } }
              : profile,
          ),
      },
    );

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap={6}>
        <Title order={2} size="h5">
          {t('profile.rating.title')}
        </Title>
        <Group
          gap={2}
          role="group"
          aria-label={t('profile.rating.group', { name })}
          onPointerLeave={() => setHovered(null)}
        >
          {SCORES.map((score) => {
            const filled = score <= shown;
            const Icon = filled ? IconStarFilled : IconStar;
            return (
              <ActionIcon
                key={score}
                variant="subtle"
                color={filled ? 'ochre.6' : 'gray'}
                size={44}
                radius="xl"
                aria-label={t('profile.rating.rate', { score, max: RATING_MAX })}
                aria-pressed={score === current}
                // A preview under the mouse only: on a touch screen it would stick after the tap.
                onPointerEnter={(event) => event.pointerType === 'mouse' && setHovered(score)}
                onClick={() => send(score)}
              >
                <Icon size={30} aria-hidden />
              </ActionIcon>
            );
          })}
        </Group>
        <Text size="sm" c={rate.isError ? 'var(--mantine-color-error)' : 'dimmed'} role="status">
          {rate.isError
            ? t('profile.rating.failed', {
                reason: t(`errors:${isApiError(rate.error) ? rate.error.code : 'internal'}`),
              })
            : current
              ? t('profile.rating.yours', { name, score: current, max: RATING_MAX })
              : t('profile.rating.none', { name })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Both members rated each other 4 or more: said warmly, and announced to screen readers. */
export function MatchedNotice({ name }: { name: string }) {
  const { t } = useTranslation('discovery');
  return (
    <Paper radius="lg" p="md" bg="var(--mantine-color-coral-light)" role="status">
      <Group wrap="nowrap" gap="md">
        <ThemeIcon size={44} radius="xl" color="coral" aria-hidden>
          <IconHeartFilled size={24} />
        </ThemeIcon>
        <div>
          <Text fw={700} size="lg">
            {t('profile.matched.title')}
          </Text>
          <Text size="sm">{t('profile.matched.text', { name })}</Text>
        </div>
      </Group>
    </Paper>
  );
}
