import { PlusOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useDomainLimit } from '../../api/domain';
import { Authorized } from '../../components/Authorized';
import { useI18n } from '../../i18n';
import { menuScopesOf } from '../../navigation/route-table';
import { useConsoleVariant } from '../../navigation/variant';
import { useSession } from '../../stores/session';
import { createPath, domainPermission } from './paths';

/** The account's domain limit: how many it holds of how many it may. */
function useLimit() {
  const limit = useDomainLimit();
  return { limit: limit.data, reached: limit.data ? limit.data.used >= limit.data.max : false };
}

/** 'Add domain' above the list, with the count against the limit, disabled once the limit is reached. */
export function AddDomainButton() {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const navigate = useNavigate();
  const { limit, reached } = useLimit();
  // One limit for both consoles: with both, the counter says it counts the other console's domains too.
  const bothConsoles = menuScopesOf(useSession().user?.cdnType).length > 1;
  return (
    <Authorized permissionId={domainPermission(variant)} action="add">
      <Tooltip
        title={reached ? t('errors.DOMAIN_LIMIT_REACHED') : bothConsoles ? t('domain.list.limitShared') : undefined}
      >
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={reached}
          onClick={() => navigate(createPath(variant))}
          data-testid="add-domain"
        >
          {t('domain.list.add')}
          {limit ? (
            <span data-testid="domain-limit">
              ({limit.used}/{limit.max})
            </span>
          ) : null}
        </Button>
      </Tooltip>
    </Authorized>
  );
}

/** The first step shown in an empty list. */
export function AddFirstDomainButton() {
  const variant = useConsoleVariant();
  const { t } = useI18n();
  const navigate = useNavigate();
  const { reached } = useLimit();
  return (
    <Button type="primary" icon={<PlusOutlined />} disabled={reached} onClick={() => navigate(createPath(variant))}>
      {t('domain.list.addFirst')}
    </Button>
  );
}
