import { canEditDomainConfig, type EoDomainConfig } from '@edgeward/contract';
import { Flex } from 'antd';
import { useMemo } from 'react';
import type { SaveSegment } from '../../api/domain';
import { useEoGeneralSaver } from '../../api/eo';
import {
  CacheTab,
  HeaderRulesSection,
  ProtectionTab,
  SettingsContext,
  type SettingsContextValue,
  UrlAuthSection,
  useUnsavedEditsGuard,
} from '../domain';
import { EoGeneralForm } from './EoGeneralForm';
import { eoAsDomainConfig, eoGeneralBody, isGeneralSegment } from './eo-general';

/**
 * The general part of an edge-platform domain (spec section 7): range and compression, cache, headers, URL
 * authentication and request limits. The sections are the CDN's, saved through the edge platform's /config; HTTPS
 * has its own tab.
 */
export function EoGeneralTab({ domain }: { domain: EoDomainConfig }) {
  const { setDirty } = useUnsavedEditsGuard();
  const saveGeneral = useEoGeneralSaver(domain.id);
  const saveSegment = useMemo<SaveSegment>(
    () => async (segment, body) => {
      if (!isGeneralSegment(segment)) throw new Error(`${segment} is not part of the edge platform's general settings`);
      return eoAsDomainConfig(await saveGeneral(eoGeneralBody(segment, body as never)));
    },
    [saveGeneral],
  );
  const context = useMemo<SettingsContextValue>(
    () => ({
      id: domain.id,
      config: eoAsDomainConfig(domain),
      editable: canEditDomainConfig(domain.status),
      saveSegment,
      setDirty,
    }),
    [domain, saveSegment, setDirty],
  );
  return (
    <SettingsContext.Provider value={context}>
      <Flex vertical gap={16}>
        <EoGeneralForm domain={domain} />
        <CacheTab />
        <HeaderRulesSection kind="request" />
        <HeaderRulesSection kind="response" />
        <UrlAuthSection />
        <ProtectionTab />
      </Flex>
    </SettingsContext.Provider>
  );
}
