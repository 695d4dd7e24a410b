import { LoadingOutlined } from '@ant-design/icons';
import { Tooltip, Typography } from 'antd';
import { Clipped } from '../../components/Clipped';
import { useI18n } from '../../i18n';

/**
 * A domain's CNAME with a copy button. The edge assigns it while it sets the domain up, so until then a pending
 * note stands in; the test handle `domain-cname` is only on a real value.
 */
export function CnameText({
  cname,
  code = false,
  maxWidth,
}: {
  cname: string;
  code?: boolean;
  /** Cut a long CNAME short to this width, whole on hover. */
  maxWidth?: number | string;
}) {
  const { t } = useI18n();
  if (!cname) {
    return (
      <Tooltip title={t('domain.cname.pendingHint')}>
        <Typography.Text type="secondary" data-testid="domain-cname-pending">
          <LoadingOutlined style={{ marginInlineEnd: 6 }} />
          {t('domain.cname.pending')}
        </Typography.Text>
      </Tooltip>
    );
  }
  return (
    <Typography.Text
      copyable={{ text: cname }}
      code={code}
      style={code ? undefined : { fontFamily: 'monospace' }}
      data-testid="domain-cname"
    >
      {maxWidth === undefined ? cname : <Clipped text={cname} maxWidth={maxWidth} />}
    </Typography.Text>
  );
}
