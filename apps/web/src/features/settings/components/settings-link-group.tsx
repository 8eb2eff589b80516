import { NavLink, Paper, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconChevronRight, type TablerIcon } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';

export type SettingsLink = {
  to: string;
  label: string;
  description?: string;
  Icon: TablerIcon;
  color?: string;
};

/** A titled group of links to settings screens, each with its icon. */
export function SettingsLinkGroup({ title, links }: { title: string; links: SettingsLink[] }) {
  const headingId = useId();
  return (
    <Stack gap={6} component="section" aria-labelledby={headingId}>
      <Title order={2} id={headingId} size="sm" fw={600} c="dimmed" px="xs">
        {title}
      </Title>
      <Paper withBorder radius="md" p={4}>
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {links.map(({ to, label, description, Icon, color }) => (
            <li key={to}>
              <NavLink
                component={Link}
                to={to}
                label={label}
                description={description}
                leftSection={
                  <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
                    <Icon size={20} stroke={1.7} />
                  </ThemeIcon>
                }
                rightSection={<IconChevronRight size={18} stroke={1.5} aria-hidden />}
                py="sm"
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                styles={{ label: { fontSize: 'var(--mantine-font-size-md)' } }}
              />
            </li>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
