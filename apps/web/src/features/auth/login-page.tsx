import { PendingScreen } from '../../ui/pending-screen.tsx';

export function LoginPage() {
  return <PendingScreen titleKey="pending.title" />;
}
