import { PendingScreen } from '../../ui/pending-screen.tsx';

export function LegalPage({ doc }: { doc: string }) {
  return <PendingScreen titleKey={`legal.${doc}`} />;
}
