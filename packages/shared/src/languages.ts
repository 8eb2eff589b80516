/** Languages the product knows by name and locale code; the interface speaks the first three. */
export const LANGUAGES = [
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'fr', name: 'Français', locale: 'fr-FR' },
  { code: 'ro', name: 'Română', locale: 'ro-RO' },
  { code: 'ln', name: 'Lingála', locale: 'ln-CD' },
  { code: 'sw', name: 'Kiswahili', locale: 'sw-KE' },
  { code: 'kg', name: 'Kikongo', locale: 'kg-CD' },
  { code: 'lu', name: 'Tshiluba', locale: 'lu-CD' },
  { code: 'wo', name: 'Wolof', locale: 'wo-SN' },
  { code: 'ha', name: 'Hausa', locale: 'ha-NG' },
  { code: 'yo', name: 'Yorùbá', locale: 'yo-NG' },
  { code: 'ig', name: 'Igbo', locale: 'ig-NG' },
  { code: 'am', name: 'አማርኛ', locale: 'am-ET' },
  { code: 'om', name: 'Afaan Oromoo', locale: 'om-ET' },
  { code: 'so', name: 'Soomaali', locale: 'so-SO' },
  { code: 'zu', name: 'isiZulu', locale: 'zu-ZA' },
  { code: 'xh', name: 'isiXhosa', locale: 'xh-ZA' },
  { code: 'af', name: 'Afrikaans', locale: 'af-ZA' },
  { code: 'rw', name: 'Kinyarwanda', locale: 'rw-RW' },
  { code: 'rn', name: 'Ikirundi', locale: 'rn-BI' },
  { code: 'mg', name: 'Malagasy', locale: 'mg-MG' },
  { code: 'ff', name: 'Fulfulde', locale: 'ff-SN' },
  { code: 'bm', name: 'Bamanankan', locale: 'bm-ML' },
  { code: 'ee', name: 'Eʋegbe', locale: 'ee-GH' },
  { code: 'ak', name: 'Akan', locale: 'ak-GH' },
  { code: 'sn', name: 'chiShona', locale: 'sn-ZW' },
  { code: 'ny', name: 'Chichewa', locale: 'ny-MW' },
  { code: 'ti', name: 'ትግርኛ', locale: 'ti-ER' },
  { code: 'ar', name: 'العربية', locale: 'ar-EG' },
  { code: 'pt', name: 'Português', locale: 'pt-PT' },
  { code: 'es', name: 'Español', locale: 'es-ES' },
  { code: 'de', name: 'Deutsch', locale: 'de-DE' },
  { code: 'it', name: 'Italiano', locale: 'it-IT' },
  { code: 'nl', name: 'Nederlands', locale: 'nl-NL' },
  { code: 'zh', name: '中文', locale: 'zh-CN' },
  { code: 'hi', name: 'हिन्दी', locale: 'hi-IN' },
  { code: 'tr', name: 'Türkçe', locale: 'tr-TR' },
  { code: 'ru', name: 'Русский', locale: 'ru-RU' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

/** The languages the interface is translated into; English is the default. */
export const INTERFACE_LANGUAGES = ['en', 'fr', 'ro'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: InterfaceLanguage = 'en';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** The interface language for a tag such as `fr-CD`, or undefined when none fits. */
export function interfaceLanguageOf(tag: string | null | undefined): InterfaceLanguage | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return isInterfaceLanguage(base) ? base : undefined;
}
