import { defaultCustomerPermissions, type Role } from '@edgeward/contract';
import { describe, expect, it } from 'vitest';
import { authRoutes, mainRoutes } from '../routes';
import { buildMenu, eoMenuGroupKey, menuSelection } from './menu';
import { flattenRoutes, homePathOf, menuScopeOf, menuScopesOf, scopeOpen } from './route-table';

const everything: Role[] = [{ roleId: 'customer', permissions: defaultCustomerPermissions }];
const only = (...ids: Role['permissions'][number]['permissionId'][]): Role[] => [
  { roleId: 'r', permissions: ids.map((permissionId) => ({ permissionId, actionList: ['query'] })) },
];

const keys = (nodes: ReturnType<typeof buildMenu>) =>
  nodes.flatMap((n) => [n.key, ...(n.children ?? []).map((c) => c.key)]);
const flat = flattenRoutes(mainRoutes);
const find = (path: string) => flat.find((f) => f.route.path === path);

describe('route table', () => {
  it('has every route of spec section 2', () => {
    const paths = [...flat.map((f) => f.route.path), ...authRoutes.map((r) => r.path)];
    for (const path of [
      '/',
      '/domain',
      '/domain/setting/:tab/:id',
      '/statistics',
      '/statistics/usage',
      '/preheat',
      '/plan',
      '/eo',
      '/eodomain',
      '/eodomain/setting/:tab/:id',
      '/eostatistics/usage',
      '/eopreheat',
      '/eoPlan',
      '/msg',
      '/certificate',
      '/certificate/manage',
      '/certificate/order',
      '/certificate/order/:id/detail',
      '/log',
      '/account/settings',
      '/account/settings/basic',
      '/account/settings/security',
      '/user/login/:token?',
      '/user/register',
    ]) {
      expect(paths).toContain(path);
    }
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('redirects /statistics and /certificate', () => {
    expect(find('/statistics')?.route.redirect).toBe('/statistics/usage');
    expect(find('/certificate')?.route.redirect).toBe('/certificate/manage');
    expect(find('/account/settings')?.route.redirect).toBe('/account/settings/basic');
  });

  it('passes a group permission on to its children; /account requires user', () => {
    expect(find('/certificate/order/:id/detail')?.permission).toBe('certificate');
    expect(find('/account/settings/security')?.permission).toBe('user');
    expect(find('/plan/buy')?.permission).toBe('plan');
  });

  it('keeps one tab for the in-page tabs of a page', () => {
    const setting = find('/domain/setting/:tab/:id')?.route;
    expect(setting?.tabKey?.({ tab: 'basic', id: '7' })).toBe(setting?.tabKey?.({ tab: 'origin', id: '7' }));
    expect(setting?.tabKey?.({ tab: 'basic', id: '7' })).not.toBe(setting?.tabKey?.({ tab: 'basic', id: '8' }));
  });
});

describe('menu', () => {
  it('shows the CDN menu to CDN users and the edge-platform menu to eo users, shared entries in both', () => {
    const cdn = keys(buildMenu(mainRoutes, 'cdn', everything));
    const eo = keys(buildMenu(mainRoutes, 'eo', everything));
    expect(cdn).toEqual(expect.arrayContaining(['/', '/domain', '/statistics/usage', '/preheat', '/plan']));
    expect(cdn).not.toContain('/eodomain');
    expect(eo).toEqual(expect.arrayContaining(['/eo', '/eodomain', '/eostatistics/usage', '/eopreheat', '/eoPlan']));
    expect(eo).not.toContain('/domain');
    for (const shared of ['/msg', '/certificate/manage', '/log', '/account/settings']) {
      expect(cdn).toContain(shared);
      expect(eo).toContain(shared);
    }
  });

  it('leaves out hidden detail pages', () => {
    const cdn = keys(buildMenu(mainRoutes, 'cdn', everything));
    expect(cdn).not.toContain('/domain/setting/:tab/:id');
    expect(cdn).not.toContain('/certificate/order/:id/detail');
  });

  it('keeps only what the roles grant; an emptied group disappears', () => {
    const menu = buildMenu(mainRoutes, 'cdn', only('domain', 'msg'));
    expect(keys(menu)).toEqual(['/domain', '/msg']);
    expect(buildMenu(mainRoutes, 'cdn', [])).toEqual([]);
    expect(keys(buildMenu(mainRoutes, 'cdn', only('user')))).toEqual([
      '/account',
      '/account/info',
      '/real-name',
      '/account/settings',
    ]);
  });

  it('selects the list item for a detail page and opens its group', () => {
    expect(menuSelection(find('/certificate/order/:id/detail'))).toEqual({
      selected: ['/certificate/order'],
      open: ['/certificate'],
    });
    expect(menuSelection(find('/domain/setting/:tab/:id'))).toEqual({ selected: ['/domain'], open: [] });
    expect(menuSelection(undefined)).toEqual({ selected: [], open: [] });
  });

  it('chooses the variant by cdnType', () => {
    expect(menuScopeOf('eo')).toBe('eo');
    expect(menuScopeOf('cdn')).toBe('cdn');
    expect(menuScopeOf(undefined)).toBe('cdn');
    expect(homePathOf('eo')).toBe('/eo');
    expect(homePathOf('tencent')).toBe('/');
    expect(homePathOf('all')).toBe('/');
    expect(menuScopesOf('all')).toEqual(['cdn', 'eo']);
    expect(menuScopesOf('eo')).toEqual(['eo']);
    expect(scopeOpen('cdn', 'eo')).toBe(false);
    expect(scopeOpen('eo', 'cdn')).toBe(false);
    expect(scopeOpen('eo', 'all')).toBe(true);
    expect(scopeOpen('all', 'eo')).toBe(true);
  });

  it('gives a user of both variants the CDN menu with the edge platform in one group', () => {
    const menu = buildMenu(mainRoutes, ['cdn', 'eo'], everything);
    const group = menu.find((node) => node.key === eoMenuGroupKey);
    expect(group?.children?.map((c) => c.key)).toEqual([
      '/eo',
      '/eodomain',
      '/eostatistics/usage',
      '/eopreheat',
      '/eoPlan',
    ]);
    expect(menu.map((n) => n.key).slice(0, 7)).toEqual([
      '/',
      '/domain',
      '/statistics/usage',
      '/preheat',
      '/plan',
      eoMenuGroupKey,
      '/certificate',
    ]);
    const eodomain = flat.find((f) => f.route.path === '/eodomain/setting/:tab/:id');
    expect(menuSelection(eodomain, menu)).toEqual({ selected: ['/eodomain'], open: [eoMenuGroupKey] });
  });
});
