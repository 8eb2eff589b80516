import { SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFeather, IconMessageCircleHeart, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const BENEFITS = [
  ['chat', IconMessageCircleHeart],
  ['zones', IconUsersGroup],
  ['privacy', IconShieldLock],
  ['light', IconFeather],
] as const;

/** What a member gets, in four short points. */
export function StartBenefits() {
  const { t } = useTranslation('public');
  return (
    <section aria-labelledby="start-benefits" style={{ marginTop: 40 }}>
      <Title id="start-benefits" order={2} size="h3" mb="md">
        {t('start.benefitsTitle')}
      </Title>
      <SimpleGrid
        component="ul"
        cols={{ base: 1, sm: 2 }}
        spacing="lg"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {BENEFITS.map(([key, Icon]) => (
          <li
            key={key}
            style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', alignItems: 'flex-start' }}
          >
            <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
              <Icon size={26} stroke={1.75} />
            </ThemeIcon>
            <div>
              <Text component="h3" fw={700} fz="md" m={0}>
                {t(`start.benefits.${key}.title`)}
              </Text>
              <Text>{t(`start.benefits.${key}.text`)}</Text>
            </div>
          </li>
        ))}
      </SimpleGrid>
    </section>
  );
}
