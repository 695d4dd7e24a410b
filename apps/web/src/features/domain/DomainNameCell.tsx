import type { DomainListItem } from '@edgeward/contract';
import { Flex, Tag } from 'antd';
import { Link } from 'react-router';
import { Clipped } from '../../components/Clipped';
import { SampleTag } from '../../components/SampleTag';
import { useConsoleVariant } from '../../navigation/variant';
import { settingsPath } from './paths';

/** Names run to 253 characters: cut short in the table (full on hover) so the actions stay in view. */
const nameMaxWidth = 200;

export function DomainNameCell({ row }: { row: DomainListItem }) {
  const variant = useConsoleVariant();
  return (
    <Flex gap={6} align="center" style={{ minWidth: 0 }}>
      <Link to={settingsPath(row.id, 'basic', variant)} data-testid="domain-link" style={{ minWidth: 0 }}>
        <Clipped text={row.domainName} maxWidth={nameMaxWidth} />
      </Link>
      {row.https === 'on' ? <Tag color="green">HTTPS</Tag> : null}
      {row.sample ? <SampleTag /> : null}
    </Flex>
  );
}
