import { PendingScreen } from '../../ui/pending-screen.tsx';

export function RegisterPage() {
  return <PendingScreen titleKey="pending.title" />;
}
