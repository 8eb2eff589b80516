import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client.ts';
import { LoadFailed } from '../../ui/load-failed.tsx';

/**
 * A home list that has nothing to show because its request failed, with a retry. Without a network
 * (a list the device never kept, opened offline) it says so rather than that the list failed: the
 * query is asked again when the browser is back online.
 */
export function ListLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('discovery');
  const offline = isApiError(error) && error.status === 0;
  return (
    <LoadFailed compact message={offline ? t('home.offline') : t('home.loadFailed')} onRetry={onRetry} />
  );
}
