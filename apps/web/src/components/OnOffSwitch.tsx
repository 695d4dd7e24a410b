import type { OnOff } from '@edgeward/contract';
import { Switch } from 'antd';

/**
 * A switch bound to an 'on' | 'off' field. It keeps the id its form item gives, so the item's label names it (a
 * switch is a button, and a button without a name is not announced for what it does).
 */
export function OnOffSwitch({ id, value, onChange }: { id?: string; value?: OnOff; onChange?: (v: OnOff) => void }) {
  return <Switch id={id} checked={value === 'on'} onChange={(checked) => onChange?.(checked ? 'on' : 'off')} />;
}
