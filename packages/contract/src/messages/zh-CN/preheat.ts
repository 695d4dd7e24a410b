import type { preheat as en } from '../en-US/preheat';

export const preheat: Record<keyof typeof en, string> = {
  'preheat.url.format': '预热URL需以http://或{host}开头，每行一个',
  'preheat.url.refreshFormat': '刷新URL需以http://、https://或{host}开头，每行一个',
  'preheat.url.directoryEnd': "目录刷新URL需以'/'结尾",
  'preheat.url.notCacheable': '预热资源的缓存过期时间不能为0，且cache-control不能为private、no-cache或no-store',
  'preheat.url.domainNotOwned': '该域名不是您已启用的加速域名',
  'preheat.url.domainDeploying': '该域名正在部署到边缘节点，请在其状态变为“已启用”后重新提交（通常在一分钟内）',
  'preheat.url.duplicate': '该URL已在列表中',
  'preheat.url.tooLong': 'URL过长',
  'preheat.urls.tooMany': '每次最多提交 {max} 行',
  'preheat.refresh.takesEffect': '刷新约5分钟后生效。',
  'errors.CACHE_TASK_QUOTA_EXCEEDED': '今日额度已用完：剩余 {left}，共 {limit}',
  'errors.CACHE_TASK_NOTHING_FAILED': '该任务没有失败的URL',
};
