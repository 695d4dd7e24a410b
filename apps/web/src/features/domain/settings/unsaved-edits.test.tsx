// @vitest-environment jsdom

import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../../i18n';
import { Providers } from '../../../test/dom';
import { useUnsavedEditsGuard } from './unsaved-edits';

/** A settings page with two form sections whose edits the test reports, and the ways to leave it. */
function SettingsPage() {
  const { setDirty } = useUnsavedEditsGuard();
  const location = useLocation();
  return (
    <>
      <output aria-label="at">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => setDirty('origin', true)}>
        edit origin
      </button>
      <button type="button" onClick={() => setDirty('origin', false)}>
        save origin
      </button>
      <button type="button" onClick={() => setDirty('cache', true)}>
        edit cache
      </button>
      <Link to="/domain">domain list</Link>
      <Link to="/domain/setting/cache/1">cache tab</Link>
      <Link to="/domain/setting/origin/1?expanded=1">same tab, other search</Link>
    </>
  );
}

function drawSettings() {
  const router = createMemoryRouter(
    [
      { path: '/domain/setting/:tab/:id', element: <SettingsPage /> },
      { path: '/domain', element: <output aria-label="at">/domain</output> },
    ],
    { initialEntries: ['/domain/setting/origin/1'] },
  );
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const click = (name: string) => fireEvent.click(screen.getByText(name));
const at = () => screen.getByLabelText('at').textContent;
const question = () => screen.queryByRole('dialog');

/** Whether a reload or a closed browser tab would make the browser ask first. */
function reloadIsWarned(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeAll(() => loadConsoleTexts());

describe('the unsaved-edits guard', () => {
  it('lets a page without edits go at once', () => {
    drawSettings();
    click('domain list');
    expect(question()).toBeNull();
    expect(at()).toBe('/domain');
  });

  it('asks before leaving with edits, and stays when told to stay', async () => {
    drawSettings();
    click('edit origin');
    click('domain list');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(screen.getByText('Your changes on this tab have not been saved and will be lost.')).toBeTruthy();
    expect(at()).toBe('/domain/setting/origin/1');
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    expect(question()).toBeNull();
    expect(at()).toBe('/domain/setting/origin/1');
  });

  it('leaves with edits once the leave is confirmed', async () => {
    drawSettings();
    click('edit origin');
    click('domain list');
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByText('/domain')).toBeTruthy();
  });

  it('asks again at the next try after staying', async () => {
    drawSettings();
    click('edit origin');
    click('domain list');
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    click('domain list');
    fireEvent.click(await screen.findByTestId('leave-confirm'));
    expect(await screen.findByText('/domain')).toBeTruthy();
  });

  it('asks before switching to another tab of the page, which is another path', async () => {
    drawSettings();
    click('edit origin');
    click('cache tab');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('leave-confirm'));
    expect(await screen.findByText('/domain/setting/cache/1')).toBeTruthy();
  });

  it('does not ask when only the search changes: the page stays', () => {
    drawSettings();
    click('edit origin');
    click('same tab, other search');
    expect(question()).toBeNull();
    expect(at()).toBe('/domain/setting/origin/1?expanded=1');
  });

  it('lets the page go once the edits are saved', () => {
    drawSettings();
    click('edit origin');
    click('save origin');
    click('domain list');
    expect(question()).toBeNull();
    expect(at()).toBe('/domain');
  });

  it('still asks while another section holds edits', async () => {
    drawSettings();
    click('edit origin');
    click('edit cache');
    click('save origin');
    click('domain list');
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
  });

  it('has the browser warn of a reload or a closed tab only while there are edits', () => {
    drawSettings();
    expect(reloadIsWarned()).toBe(false);
    click('edit origin');
    expect(reloadIsWarned()).toBe(true);
    click('save origin');
    expect(reloadIsWarned()).toBe(false);
  });

  it('asks for a navigation made in code (the back button of the page) as well', async () => {
    const router = drawSettings();
    click('edit origin');
    await act(() => router.navigate('/domain'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(at()).toBe('/domain/setting/origin/1');
  });
});
