import { SecurityPolicySchema } from '@edgeward/contract';
import { useI18n } from '../../i18n';
import { bodyRule } from '../domain';
import { type SecurityFormValues, toSecurityBody } from './security-form';

export type Path = readonly (string | number)[];

/** A field's rule: the contract's SecurityPolicySchema checks the whole body, as the server checks the save. */
export function useSecurityRule() {
  const { t } = useI18n();
  return (path: Path, required = false) =>
    bodyRule<SecurityFormValues>(SecurityPolicySchema, path, toSecurityBody, t, { required });
}
