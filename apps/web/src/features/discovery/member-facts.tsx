import { Box, Group, Text, type MantineSize } from '@mantine/core';
import { DISTANCE_FAR, type Activity, type DistanceBucket } from '@motema/shared/discovery';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The dot colour of each activity; "earlier" shows no dot. */
const ACTIVITY_COLOR: Record<Activity, string | null> = {
  online: 'var(--mantine-color-green-6)',
  today: 'var(--mantine-color-ochre-5)',
  week: 'var(--mantine-color-gray-5)',
  earlier: null,
};

/** "5 km", "1 000 km": kilometres in the reader's language. */
export function formatKm(language: string, km: number): string {
  return new Intl.NumberFormat(language, { style: 'unit', unit: 'kilometer' }).format(km);
}

/** "less than 5 km", "more than 500 km": a bucket, with the number and unit in the reader's language. */
export function distanceLabel(t: TFunction, language: string, bucket: DistanceBucket): string {
  const distance = formatKm(language, bucket === DISTANCE_FAR ? DISTANCE_FAR - 1 : bucket);
  return t(bucket === DISTANCE_FAR ? 'discovery:distance.moreThan' : 'discovery:distance.lessThan', {
    distance,
  });
}

export function useDistanceLabel(bucket: DistanceBucket | null | undefined): string | null {
  const { t, i18n } = useTranslation('discovery');
  return bucket == null ? null : distanceLabel(t, i18n.resolvedLanguage ?? 'en', bucket);
}

/** A small round dot in the activity's colour (decorative: the label says it in words). */
export function ActivityDot({
  activity,
  size = 10,
  ring = false,
}: {
  activity: Activity;
  size?: number;
  /** A ring of the page colour, to stand out on a photo. */
  ring?: boolean;
}) {
  const color = ACTIVITY_COLOR[activity];
  if (!color) return null;
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-block',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: color,
        boxShadow: ring ? '0 0 0 2px var(--mantine-color-body)' : undefined,
      }}
    />
  );
}

/** "Online now", "Active today", ... with its dot. */
export function ActivityLabel({
  activity,
  size = 'xs',
  short = false,
}: {
  activity: Activity;
  size?: MantineSize;
  /** The short words of a small card ("This week" beside the dot), which the full ones overflowed. */
  short?: boolean;
}) {
  const { t } = useTranslation('discovery');
  return (
    <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
      <ActivityDot activity={activity} size={8} />
      <Text size={size} c="dimmed" truncate data-activity="">
        {t(short ? `activityShort.${activity}` : `activity.${activity}`)}
      </Text>
    </Group>
  );
}

/** The separator's room: a dot with a space each side, at the small text's size. */
const SEPARATOR = 14;

/**
 * "Online now · less than 5 km" on one line when it fits, each fact whole on a line of its own when
 * not, with no dot left at a line's end. Each fact after the first brings its dot before it, and the
 * line starts one dot's room left of the box, which clips it: a fact that starts a line hides its dot.
 */
export function ActivityAndDistance({
  activity,
  distance,
}: {
  activity: Activity | null | undefined;
  distance: string | null;
}) {
  if (!activity && !distance) return null;
  return (
    <Box style={{ overflow: 'hidden' }}>
      <Group gap={0} wrap="wrap" style={{ marginInlineStart: -SEPARATOR, rowGap: 2 }}>
        {activity && (
          <Fact>
            <ActivityLabel activity={activity} size="sm" />
          </Fact>
        )}
        {distance && (
          <Fact>
            <Text size="sm" c="dimmed">
              {distance}
            </Text>
          </Fact>
        )}
      </Group>
    </Box>
  );
}

function Fact({ children }: { children: ReactNode }) {
  return (
    <Group gap={0} wrap="nowrap" style={{ minWidth: 0, maxWidth: '100%' }}>
      <Text
        size="sm"
        c="dimmed"
        aria-hidden
        w={SEPARATOR}
        ta="center"
        style={{ flex: 'none' }}
        data-separator=""
      >
        ·
      </Text>
      {children}
    </Group>
  );
}
