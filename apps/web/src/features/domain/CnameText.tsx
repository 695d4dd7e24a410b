import { LoadingOutlined } from '@ant-design/icons';
import type { DomainStatus } from '@edgeward/contract';
import { Tooltip, Typography } from 'antd';
import { BreakAtDots } from '../../components/BreakAtDots';
import { Clipped } from '../../components/Clipped';
import { useI18n } from '../../i18n';

/**
 * What stands in for a CNAME not yet assigned, by the domain's status: a domain waiting for review gets it only
 * after the review, one that did not pass never does; otherwise the edge assigns it while setting the domain up.
 */
export function pendingCnameKeys(status: DomainStatus | undefined): { text: string; hint: string } {
  if (status === 'under_review') return { text: 'domain.cname.afterReview', hint: 'domain.cname.afterReviewHint' };
  if (status === 'review_rejected') return { text: 'domain.cname.none', hint: 'domain.cname.rejectedHint' };
  return { text: 'domain.cname.pending', hint: 'domain.cname.pendingHint' };
}

/**
 * A domain's CNAME with a copy button. The edge assigns it while it sets the domain up, so until then a pending
 * note stands in; the test handle `domain-cname` is only on a real value.
 */
export function CnameText({
  cname,
  status,
  code = false,
  maxWidth,
}: {
  cname: string;
  status?: DomainStatus | undefined;
  code?: boolean;
  /** Cut a long CNAME short to this width, whole on hover. */
  maxWidth?: number | string;
}) {
  const { t } = useI18n();
  if (!cname) {
    const keys = pendingCnameKeys(status);
    const assigning = keys.text === 'domain.cname.pending';
    return (
      <Tooltip title={t(keys.hint)}>
        <Typography.Text type="secondary" data-testid="domain-cname-pending">
          {assigning ? <LoadingOutlined style={{ marginInlineEnd: 6 }} /> : null}
          {t(keys.text)}
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
      {maxWidth === undefined ? <BreakAtDots text={cname} /> : <Clipped text={cname} maxWidth={maxWidth} />}
    </Typography.Text>
  );
}
