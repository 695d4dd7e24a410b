import { Tag, Tooltip } from 'antd';
import { useI18n } from '../i18n';

/** Marks the demo account's sample data (development only), so nobody mistakes it for their own. */
export function SampleTag() {
  const { t } = useI18n();
  return (
    <Tooltip title={t('common.sampleHint')}>
      <Tag color="purple" data-testid="sample-tag" style={{ marginInlineEnd: 0 }}>
        {t('common.sample')}
      </Tag>
    </Tooltip>
  );
}
