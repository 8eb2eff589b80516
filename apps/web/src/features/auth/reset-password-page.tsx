import { PendingScreen } from '../../ui/pending-screen.tsx';

export function ResetPasswordPage() {
  return <PendingScreen titleKey="pending.title" />;
}
