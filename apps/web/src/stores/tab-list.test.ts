import { describe, expect, it } from 'vitest';
import { closeAll, closeLeft, closeRight, closeTab, nameTab, openTab, type Tab } from './tab-list';

const tab = (key: string, path = key): Tab => ({ key, path, title: `menu.${key}` });
const [home, a, b, c] = [tab('/'), tab('/domain'), tab('/msg'), tab('/log')] as [Tab, Tab, Tab, Tab];

describe('openTab', () => {
  it('adds a new tab at the end', () => {
    expect(openTab([home], a)).toEqual([home, a]);
  });

  it('keeps the place of a known key and points it at the new address', () => {
    const first = tab('/domain/setting/1', '/domain/setting/basic/1');
    const moved = tab('/domain/setting/1', '/domain/setting/origin/1');
    expect(openTab([home, first, b], moved)).toEqual([home, moved, b]);
  });

  it('returns the same list when nothing changes', () => {
    const tabs = [home, a];
    expect(openTab(tabs, a)).toBe(tabs);
  });

  it('keeps the name of the object when the tab moves to another in-page tab', () => {
    const named = { ...tab('/domain/setting/1', '/domain/setting/basic/1'), subject: 'www.example.com' };
    const moved = tab('/domain/setting/1', '/domain/setting/origin/1');
    expect(openTab([home, named], moved)).toEqual([home, { ...moved, subject: 'www.example.com' }]);
  });
});

describe('nameTab', () => {
  it('names the tab at the address, once', () => {
    const settings = tab('/domain/setting/1', '/domain/setting/basic/1');
    const named = nameTab([home, settings], '/domain/setting/basic/1', 'www.example.com');
    expect(named).toEqual([home, { ...settings, subject: 'www.example.com' }]);
    expect(nameTab(named, '/domain/setting/basic/1', 'www.example.com')).toBe(named);
    expect(nameTab(named, '/elsewhere', 'x')).toBe(named);
  });
});

describe('closeTab', () => {
  it('blocks closing the last tab', () => {
    expect(closeTab([home], '/', '/')).toEqual({ tabs: [home], notice: 'lastTab' });
  });

  it('closing an inactive tab stays where it is', () => {
    expect(closeTab([home, a, b], '/domain', '/msg')).toEqual({ tabs: [home, b] });
  });

  it('closing the active tab goes to its right neighbour, or the left one at the end', () => {
    expect(closeTab([home, a, b], '/domain', '/domain')).toEqual({ tabs: [home, b], navigate: '/msg' });
    expect(closeTab([home, a, b], '/msg', '/msg')).toEqual({ tabs: [home, a], navigate: '/domain' });
  });

  it('closing the active first tab goes to the tab that took its place', () => {
    expect(closeTab([home, a], '/', '/')).toEqual({ tabs: [a], navigate: '/domain' });
  });

  it('ignores an unknown key', () => {
    expect(closeTab([home, a], '/nope', '/')).toEqual({ tabs: [home, a] });
  });
});

describe('closeLeft and closeRight', () => {
  it('say so when there is nothing on that side', () => {
    expect(closeLeft([home, a], '/', '/')).toEqual({ tabs: [home, a], notice: 'noLeft' });
    expect(closeRight([home, a], '/domain', '/')).toEqual({ tabs: [home, a], notice: 'noRight' });
    expect(closeLeft([home], '/', '/').notice).toBe('noLeft');
    expect(closeRight([home], '/', '/').notice).toBe('noRight');
  });

  it('close the tabs on that side', () => {
    expect(closeLeft([home, a, b, c], '/msg', '/msg')).toEqual({ tabs: [b, c] });
    expect(closeRight([home, a, b, c], '/domain', '/domain')).toEqual({ tabs: [home, a] });
  });

  it('stay on the active tab when it is on the side that is kept', () => {
    expect(closeLeft([home, a, b, c], '/domain', '/log')).toEqual({ tabs: [a, b, c] });
    expect(closeRight([home, a, b, c], '/msg', '/')).toEqual({ tabs: [home, a, b] });
  });

  it('activate the clicked tab when the active one was closed', () => {
    expect(closeLeft([home, a, b, c], '/msg', '/')).toEqual({ tabs: [b, c], navigate: '/msg' });
    expect(closeRight([home, a, b, c], '/domain', '/log')).toEqual({ tabs: [home, a], navigate: '/domain' });
  });
});

describe('closeAll', () => {
  it('keeps only the overview and goes there', () => {
    expect(closeAll([a, b, c], home, '/msg')).toEqual({ tabs: [home], navigate: '/' });
  });

  it('keeps the overview tab as it was when it is open and active', () => {
    const overview = tab('/', '/?range=7d');
    expect(closeAll([overview, a, b], home, '/')).toEqual({ tabs: [overview] });
  });

  it('goes back to the overview at the address it was left at when another tab was active', () => {
    const overview = tab('/', '/?range=7d');
    expect(closeAll([a, overview, b], home, '/msg')).toEqual({ tabs: [overview], navigate: '/?range=7d' });
  });

  it('changes nothing when only the overview is open', () => {
    expect(closeAll([home], home, '/')).toEqual({ tabs: [home] });
  });

  it('uses the edge-platform overview as home for eo users', () => {
    const eo = tab('/eo');
    expect(closeAll([a, b], eo, '/domain')).toEqual({ tabs: [eo], navigate: '/eo' });
  });
});
