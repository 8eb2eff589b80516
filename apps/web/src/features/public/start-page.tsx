import { PendingScreen } from '../../ui/pending-screen.tsx';

export function StartPage() {
  return <PendingScreen titleKey="pending.title" />;
}
