import { Group, Text } from '@mantine/core';

/** The Motema mark and name. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#E0474C" />
        <path
          d="M32 50s-17-10.2-17-22.3C15 21.6 19.6 17 25.2 17c3 0 5.5 1.4 6.8 3.6C33.3 18.4 35.8 17 38.8 17 44.4 17 49 21.6 49 27.7 49 39.8 32 50 32 50z"
          fill="#fff"
        />
        <circle cx="45" cy="19" r="5" fill="#E8A33D" />
      </svg>
      <Text fw={800} fz={size * 0.75} c="coral.7" lh={1}>
        Motema
      </Text>
    </Group>
  );
}
