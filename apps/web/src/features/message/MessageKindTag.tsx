import type { MessageKind } from '@edgeward/contract';
import { Tag } from 'antd';
import { useI18n } from '../../i18n';

const colors: Record<MessageKind, string> = {
  notice: 'blue',
  domain: 'geekblue',
  certificate: 'cyan',
  billing: 'gold',
  ticket: 'purple',
  package: 'orange',
  security: 'red',
};

export function MessageKindTag({ kind }: { kind: MessageKind }) {
  const { t } = useI18n();
  return <Tag color={colors[kind]}>{t(`message.kind.${kind}`)}</Tag>;
}
