import { useTranslation } from 'react-i18next';
import { ConsoleScreen } from '../console-screen.tsx';

/** The selfie verifications waiting for a decision (built with selfie verification; this is its place). */
export default function VerificationQueuePage() {
  const { t } = useTranslation('moderation');
  return <ConsoleScreen title={t('nav.verifications')}>{null}</ConsoleScreen>;
}
