import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notify } from '../../lib/notices.ts';
import { ZoneForm } from './zone-form.tsx';
import { zoneRoleMay } from '@motema/shared/zones';
import { Loaded, ZoneScreen } from './zone-screen.tsx';
import { useCreateZoneMutation, useUpdateZoneMutation, useZoneQuery } from './zones.api.ts';

/**
 * `/create-zone`: a new zone, its maker its first admin; then its page, in the form's place in the
 * history (Back leads where Create was pressed, not to an empty form).
 */
export function CreateZonePage() {
  const { t } = useTranslation('zones');
  const create = useCreateZoneMutation();
  const navigate = useNavigate();
  return (
    <ZoneScreen title={t('form.createTitle')} back="/zones">
      <ZoneForm
        submitLabel={t('form.create')}
        saving={create.isPending}
        save={(zone, onError) =>
          create.mutate(zone, {
            onSuccess: (made) => void navigate(`/zone/${made._id}`, { replace: true }),
            onError,
          })
        }
      />
    </ZoneScreen>
  );
}

/** `/update-zone/:id`: the admin changes the zone's fields; saved, the zone's page takes the form's place. */
export function UpdateZonePage() {
  const { t } = useTranslation('zones');
  const id = useParams().id ?? '';
  const zone = useZoneQuery(id);
  const update = useUpdateZoneMutation(id);
  const navigate = useNavigate();
  return (
    <ZoneScreen title={t('form.updateTitle')} back={`/zone/${id}`}>
      <Loaded query={zone} message={t('zone.failed')}>
        {() =>
          zoneRoleMay(zone.data?.role ?? null, 'update') ? (
            <ZoneForm
              zone={zone.data}
              submitLabel={t('form.save')}
              saving={update.isPending}
              save={(change, onError) =>
                update.mutate(change, {
                  onSuccess: () => {
                    notify('positive', t('form.saved'));
                    void navigate(`/zone/${id}`, { replace: true });
                  },
                  onError,
                })
              }
            />
          ) : (
            <Text c="dimmed">{t('adminsOnly')}</Text>
          )
        }
      </Loaded>
    </ZoneScreen>
  );
}
