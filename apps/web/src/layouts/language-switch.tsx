import { Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { INTERFACE_LANGUAGES, isInterfaceLanguage, LANGUAGES } from '@motema/shared/languages';
import { useChangeLanguageMutation } from '../features/users/users.api.ts';
import { currentLanguage } from '../lib/i18n.ts';
import classes from './language-switch.module.css';

const nameOf = (code: string) => LANGUAGES.find((language) => language.code === code)?.name ?? code;

/**
 * The language switch offered on every public page: looks like a small button showing the language
 * ("EN"), and is a native select, so the phone opens its own picker. A menu would bring the floating
 * positioning and focus-trap code (about 25 KB) onto the start page.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const change = useChangeLanguageMutation();
  const active = currentLanguage();
  return (
    <Button
      component="span"
      className={classes.root}
      variant="subtle"
      color="gray"
      size="compact-md"
      leftSection={<IconLanguage size={18} aria-hidden />}
    >
      <span aria-hidden>{active.toUpperCase()}</span>
      <select
        className={classes.select}
        aria-label={t('language.choose')}
        value={active}
        onChange={(event) => {
          if (isInterfaceLanguage(event.target.value)) change.mutate(event.target.value);
        }}
      >
        {INTERFACE_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {nameOf(code)}
          </option>
        ))}
      </select>
    </Button>
  );
}
