import { Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { NotificationSettings } from '@motema/shared/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type QuietHours = NonNullable<NotificationSettings['quietHours']>;

/** Quiet hours a member turning them on starts with: the night, 22:00 to 07:00. */
const NIGHT: QuietHours = { start: 22 * 60, end: 7 * 60 };

/** Minutes after midnight as the time input's `HH:MM`, and back (null: not a whole time). */
export const timeOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export function minutesOfTime(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * Quiet hours: a switch, then from and to (they may span midnight), in the time zone the browser
 * gives, shown so the member knows which clock counts. Each whole change is saved.
 */
export function QuietHoursField(props: {
  value: QuietHours | null;
  timeZone: string;
  error: string | null;
  onChange: (quietHours: QuietHours | null) => void;
}) {
  const { t } = useTranslation('settings');
  const { value, onChange } = props;
  // What is typed, kept while a time is half entered; the saved value replaces it when it changes.
  const [start, setStart] = useState(value ? timeOfMinutes(value.start) : '');
  const [end, setEnd] = useState(value ? timeOfMinutes(value.end) : '');
  useEffect(() => {
    setStart(value ? timeOfMinutes(value.start) : '');
    setEnd(value ? timeOfMinutes(value.end) : '');
  }, [value]);

  const changeTime = (which: 'start' | 'end', typed: string) => {
    (which === 'start' ? setStart : setEnd)(typed);
    const times = {
      start: minutesOfTime(which === 'start' ? typed : start),
      end: minutesOfTime(which === 'end' ? typed : end),
    };
    if (times.start === null || times.end === null) return;
    if (value && times.start === value.start && times.end === value.end) return;
    onChange({ start: times.start, end: times.end });
  };

  return (
    <Stack gap="sm">
      <Switch
        size="md"
        checked={value !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? NIGHT : null)}
        label={t('notificationSettings.quiet')}
        description={t('notificationSettings.quietHint')}
        styles={{ label: { fontWeight: 600 } }}
      />
      {value !== null && (
        <>
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t('notificationSettings.quietFrom')}
              value={start}
              onChange={(event) => changeTime('start', event.currentTarget.value)}
              error={props.error !== null}
            />
            <TextInput
              type="time"
              label={t('notificationSettings.quietTo')}
              value={end}
              onChange={(event) => changeTime('end', event.currentTarget.value)}
              error={props.error !== null}
            />
          </Group>
          {props.error && (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {props.error}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {t('notificationSettings.quietZone', { zone: props.timeZone })}
          </Text>
        </>
      )}
    </Stack>
  );
}
