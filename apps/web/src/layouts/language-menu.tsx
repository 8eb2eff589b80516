import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES, LANGUAGES } from '@motema/shared/languages';
import { useChangeLanguageMutation } from '../features/users/users.api.ts';
import { currentLanguage } from '../lib/i18n.ts';

const nameOf = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/** The language switch offered on every public page. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const change = useChangeLanguageMutation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-md"
          leftSection={<IconLanguage size={18} />}
          aria-label={`${t('language.choose')}: ${active.toUpperCase()}`}
        >
          {active.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {INTERFACE_LANGUAGES.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => change.mutate(code)}
            fw={code === active ? 700 : 400}
          >
            {nameOf(code)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
