import { PendingScreen } from '../../ui/pending-screen.tsx';

export function PasswordPage() {
  return <PendingScreen titleKey="pending.title" />;
}
