import { Button, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ZoneInvites } from './zone-invites.tsx';
import { Loaded, seesSettings, settingsOf, ZoneScreen } from './zone-screen.tsx';
import { useDeleteZoneMutation, useZoneQuery } from './zones.api.ts';

/**
 * `/zone/:id/settings`: what the caller's role may do (decision 0041): the admin edits the zone, makes
 * and revokes invite links, and deletes it; a manager makes and revokes invite links only.
 */
export function ZoneSettingsPage() {
  const { t } = useTranslation('zones');
  const id = useParams().id ?? '';
  const zone = useZoneQuery(id);
  const role = zone.data?.role ?? null;
  const may = settingsOf(role);

  return (
    <ZoneScreen title={t('settings.title')} back={`/zone/${id}`}>
      <Loaded query={zone} message={t('zone.failed')}>
        {() =>
          !zone.data || !seesSettings(role) ? (
            <Text c="dimmed">{t('moderatorsOnly')}</Text>
          ) : (
            <>
              {may.edit && (
                <Button
                  component={Link}
                  to={`/update-zone/${id}`}
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  style={{ alignSelf: 'flex-start' }}
                >
                  {t('settings.edit')}
                </Button>
              )}
              {may.invites && <ZoneInvites zoneId={id} />}
              {may.remove && <DeleteZone id={id} title={zone.data.title} />}
            </>
          )
        }
      </Loaded>
    </ZoneScreen>
  );
}

/** The admin deletes the zone, after a confirmation; then the zones. */
function DeleteZone({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('zones');
  const remove = useDeleteZoneMutation(id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('settings.delete')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('settings.deleteHint')}
      </Text>
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={() => setDeleting(true)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('settings.delete')}
      </Button>
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('settings.deleteTitle')}
        cancelLabel={t('action.keep')}
        confirmLabel={t('settings.delete')}
        danger
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => void navigate('/zones', { replace: true }),
            onSettled: () => setDeleting(false),
          })
        }
      >
        {t('settings.deleteText', { title })}
      </ConfirmDialog>
    </Stack>
  );
}
