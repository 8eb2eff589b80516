import { Group, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  INTERFACE_LANGUAGES,
  LANGUAGES,
  isInterfaceLanguage,
  type InterfaceLanguage,
} from '@motema/shared/languages';
import { currentLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notices.ts';
import { useChangeLanguageMutation } from '../users/users.api.ts';

const CHOICES = INTERFACE_LANGUAGES.map((code) => ({
  code,
  name: LANGUAGES.find((language) => language.code === code)?.name ?? code,
}));

/** The interface language, each named in its own language; the choice applies at once. */
export function LanguageSettingsPage() {
  const { t, i18n } = useTranslation('settings');
  const change = useChangeLanguageMutation();
  const active = change.isPending && change.variables ? change.variables : currentLanguage();

  const choose = (value: string) => {
    if (!isInterfaceLanguage(value) || value === currentLanguage()) return;
    change.mutate(value as InterfaceLanguage, {
      // Said in the new language: `t` still speaks the one this render had.
      onSuccess: () => notify('positive', i18n.t('settings:language.saved')),
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {t('language.title')}
      </Title>
      <Radio.Group
        value={active}
        onChange={choose}
        label={t('language.label')}
        description={t('language.hint')}
      >
        <Stack gap="sm" mt="sm">
          {CHOICES.map(({ code, name }) => (
            <Radio.Card key={code} value={code} radius="md" p="md" lang={code} disabled={change.isPending}>
              <Group wrap="nowrap" justify="space-between">
                <Group wrap="nowrap" gap="md">
                  <Radio.Indicator />
                  <Text fw={600} size="lg">
                    {name}
                  </Text>
                </Group>
                {change.isPending && change.variables === code && <Loader size="sm" aria-hidden />}
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
    </Stack>
  );
}
