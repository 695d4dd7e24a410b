// The domain area's door: what other areas use of it. The overview and account info show the status counts; the
// certificate list links to a domain's settings; the edge platform's domain settings (features/eo) are built from
// the CDN's settings sections and their form helpers.
export { DomainStatusCounts } from './DomainStatusCounts';
export { DomainStatusTag } from './DomainStatusTag';
export { bodyRule, joinLines } from './domain-form';
export { OriginCheckAlert, OriginFields, type OriginFormValues, originBody, originFormValues } from './OriginFields';
export { listPath, settingsPath } from './paths';
export { CacheTab } from './settings/CacheTab';
export { HeaderRulesSection } from './settings/HeaderRulesSection';
export { ProtectionTab } from './settings/ProtectionTab';
export { SaveBar, SectionCard } from './settings/SectionCard';
export { SettingsContext, type SettingsContextValue } from './settings/settings-context';
export { UrlAuthSection } from './settings/UrlAuthSection';
export { useUnsavedEditsGuard } from './settings/unsaved-edits';
