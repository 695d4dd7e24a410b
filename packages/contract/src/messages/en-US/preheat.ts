/** Preheat and refresh: the rules of spec section 5 (quoted verbatim), the task states of section 4, quotas. */
export const preheat = {
  'preheat.url.format': 'Preheat URLs start with http:// or {host} one per line',
  'preheat.url.refreshFormat': 'Refresh URLs start with http://, https:// or {host} one per line',
  'preheat.url.directoryEnd': "Directory refresh URLs end with '/'",
  'preheat.url.notCacheable':
    'Preheated resources must not have cache expiry 0 or cache-control of private, no-cache or no-store',
  'preheat.url.domainNotOwned': 'The domain is not one of your enabled domains',
  'preheat.url.domainDeploying':
    'The domain is being deployed to the edge: submit again once its status is Enabled (usually within a minute)',
  'preheat.url.duplicate': 'This URL is already in the list',
  'preheat.url.tooLong': 'The URL is too long',
  'preheat.urls.tooMany': 'At most {max} lines per submission',
  'preheat.refresh.takesEffect': 'Refresh takes about 5 minutes to take effect.',
  'errors.CACHE_TASK_QUOTA_EXCEEDED': "Today's quota is used up: {left} of {limit} left",
  'errors.CACHE_TASK_NOTHING_FAILED': 'No URL of this task failed',
} as const;
