import { PendingScreen } from '../../ui/pending-screen.tsx';

export function LanguageSettingsPage() {
  return <PendingScreen titleKey="pending.title" />;
}
