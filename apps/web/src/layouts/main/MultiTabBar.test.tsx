// @vitest-environment jsdom

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../i18n';
import type { Tab } from '../../stores/tab-list';
import { tabsStore } from '../../stores/tabs';
import { Providers } from '../../test/dom';
import { MultiTabBar } from './MultiTabBar';

const home: Tab = { key: '/', path: '/', title: 'menu.overview' };
const domains: Tab = { key: '/domain', path: '/domain?page=2', title: 'menu.domain' };
const messages: Tab = { key: '/msg', path: '/msg', title: 'menu.msg' };
const logs: Tab = { key: '/log', path: '/log', title: 'menu.log' };

/** The console's layout as far as the bar needs it: the active tab is the page's path. */
function Layout() {
  const location = useLocation();
  return (
    <>
      <MultiTabBar activeKey={location.pathname} home={home} />
      <output aria-label="at">{`${location.pathname}${location.search}`}</output>
      <Outlet />
    </>
  );
}

function drawBar(tabs: Tab[], at: string) {
  act(() => tabsStore.set(tabs));
  const router = createMemoryRouter([{ path: '*', element: <Layout /> }], { initialEntries: [at] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const keys = () => tabsStore.get().map((tab) => tab.key);
const at = () => screen.getByLabelText('at').textContent;
const tabNode = (key: string) => {
  const node = screen.getAllByTestId('tab-item').find((item) => item.dataset.tabKey === key);
  if (!node) throw new Error(`no tab ${key}`);
  return node;
};
const closeButton = (key: string) => {
  const tab = tabNode(key).closest<HTMLElement>('.ant-tabs-tab');
  if (!tab) throw new Error(`no tab around ${key}`);
  return within(tab).getByTestId('tab-close');
};
/** Runs a command of the tab's context menu (a menu closed before stays in the page, hidden by its class). */
async function command(key: string, label: string) {
  fireEvent.contextMenu(tabNode(key));
  const menu = await waitFor(() => {
    const open = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
    if (!open) throw new Error('no context menu open');
    return open;
  });
  fireEvent.click(within(menu).getByRole('menuitem', { name: label }));
}
const notice = (text: string) => screen.findByText(text, { selector: '.ant-message *' });

beforeAll(() => loadConsoleTexts());
beforeEach(() => tabsStore.reset());

describe('the multi-tab bar', () => {
  it('shows the open pages in order, named by their object first, the current one selected', () => {
    // Without a cdnType the user's own console is the CDN one: only the other variant's pages say which they are.
    drawBar(
      [home, { ...domains, subject: 'www.example.com' }, { ...messages, scope: 'eo' }, { ...logs, scope: 'cdn' }],
      '/msg',
    );
    const labels = screen.getAllByTestId('tab-item').map((item) => item.textContent);
    expect(labels).toEqual(['Overview', 'www.example.com · Domains', 'Messages (Edge platform)', 'Logs']);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Messages (Edge platform)');
  });

  it('goes to the page of a clicked tab, with the search it was left at', () => {
    drawBar([home, domains, messages], '/msg');
    fireEvent.click(tabNode('/domain'));
    expect(at()).toBe('/domain?page=2');
  });

  it('closes a tab that is not the current one and stays where it is', () => {
    drawBar([home, domains, messages], '/msg');
    fireEvent.click(closeButton('/domain'));
    expect(keys()).toEqual(['/', '/msg']);
    expect(at()).toBe('/msg');
  });

  it('closing the current tab goes to its right neighbour', () => {
    drawBar([home, domains, messages], '/domain');
    fireEvent.click(closeButton('/domain'));
    expect(keys()).toEqual(['/', '/msg']);
    expect(at()).toBe('/msg');
  });

  it('closing the current tab at the end goes to its left neighbour', () => {
    drawBar([home, domains, messages], '/msg');
    fireEvent.click(closeButton('/msg'));
    expect(keys()).toEqual(['/', '/domain']);
    expect(at()).toBe('/domain?page=2');
  });

  it('closes the focused tab with Delete, as with its cross', () => {
    drawBar([home, domains, messages], '/domain');
    const tab = screen.getByRole('tab', { selected: true });
    fireEvent.keyDown(tab, { key: 'Delete' });
    expect(keys()).toEqual(['/', '/msg']);
    expect(at()).toBe('/msg');
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'Backspace' });
    expect(keys()).toEqual(['/', '/msg']);
  });

  it('opens the context menu of the focused tab from the keyboard', async () => {
    drawBar([home, domains, messages, logs], '/log');
    const focused = tabNode('/domain').closest<HTMLElement>('[role="tab"]');
    if (!focused) throw new Error('no tab around /domain');
    fireEvent.contextMenu(focused);
    const menu = await waitFor(() => {
      const open = document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden)');
      if (!open) throw new Error('no context menu open');
      return open;
    });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Close tabs to the right' }));
    expect(keys()).toEqual(['/', '/domain']);
  });

  it('holds only tabs in its tab list, the cross hidden from assistive technology', () => {
    drawBar([home, domains, messages], '/msg');
    const list = screen.getByRole('tablist');
    expect(within(list).getAllByRole('tab')).toHaveLength(3);
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(list).queryAllByRole('img')).toEqual([]);
  });

  it('keeps the last tab open and says so', async () => {
    drawBar([messages], '/msg');
    fireEvent.click(closeButton('/msg'));
    expect(await notice('This is the last tab and cannot be closed')).toBeTruthy();
    expect(keys()).toEqual(['/msg']);
  });

  it('closes the tabs to the right of the clicked one, going to it when the current one was among them', async () => {
    drawBar([home, domains, messages, logs], '/log');
    await command('/domain', 'Close tabs to the right');
    expect(keys()).toEqual(['/', '/domain']);
    expect(at()).toBe('/domain?page=2');
  });

  it('closes the tabs to the left of the clicked one, staying on the current one when it is kept', async () => {
    drawBar([home, domains, messages, logs], '/log');
    await command('/msg', 'Close tabs to the left');
    expect(keys()).toEqual(['/msg', '/log']);
    expect(at()).toBe('/log');
  });

  it('says so when there is no tab on the side to close', async () => {
    drawBar([home, domains], '/');
    await command('/', 'Close tabs to the left');
    expect(await notice('No tabs on the left')).toBeTruthy();
    await command('/domain', 'Close tabs to the right');
    expect(await notice('No tabs on the right')).toBeTruthy();
    expect(keys()).toEqual(['/', '/domain']);
  });

  it('closes the clicked tab from its menu as from its close button', async () => {
    drawBar([home, domains, messages], '/msg');
    await command('/msg', 'Close current');
    expect(keys()).toEqual(['/', '/domain']);
    expect(at()).toBe('/domain?page=2');
  });

  it('closes all tabs but the overview, and goes to the overview', async () => {
    drawBar([domains, messages, logs], '/msg');
    await command('/log', 'Close all');
    expect(keys()).toEqual(['/']);
    expect(at()).toBe('/');
  });
});
