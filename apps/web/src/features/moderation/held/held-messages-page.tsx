import { useTranslation } from 'react-i18next';
import { ConsoleScreen } from '../console-screen.tsx';

/** The messages the scam shield held for review (built with the scam shield; this is its place). */
export default function HeldMessagesPage() {
  const { t } = useTranslation('moderation');
  return <ConsoleScreen title={t('nav.held')}>{null}</ConsoleScreen>;
}
