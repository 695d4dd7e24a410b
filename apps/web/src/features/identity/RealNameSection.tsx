import { Typography } from 'antd';
import { useRealNameStatus } from '../../api/identity';
import { DataState } from '../../components/DataState';
import { useI18n } from '../../i18n';
import { MaskedIdentity } from './MaskedIdentity';

/** Account info's real-name part: verified or not, the masked identity, and the way to verification. */
export function RealNameSection() {
  const { t } = useI18n();
  const status = useRealNameStatus();
  return (
    <section style={{ maxWidth: 560 }}>
      <Typography.Title level={5}>{t('identity.field.state')}</Typography.Title>
      <DataState remote={status} failure={t('identity.loadFailed')}>
        {(data) => <MaskedIdentity status={data} withLink />}
      </DataState>
    </section>
  );
}
