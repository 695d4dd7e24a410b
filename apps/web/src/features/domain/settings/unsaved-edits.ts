import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker } from 'react-router';
import { useI18n } from '../../../i18n';

/**
 * The unsaved edits of a page's form sections: each section reports its own (`setDirty`). While any is pending,
 * leaving the page or switching its in-page tab (both change the path) is confirmed first; a change of the search
 * alone stays on the page. Reloading or closing the browser tab cannot be asked about in the page: the browser asks.
 */
export function useUnsavedEditsGuard() {
  const { t } = useI18n();
  const { modal } = App.useApp();
  const [dirty, setDirtySections] = useState<ReadonlySet<string>>(() => new Set());
  const setDirty = useCallback((section: string, value: boolean) => {
    setDirtySections((current) => {
      if (current.has(section) === value) return current;
      const next = new Set(current);
      if (value) next.add(section);
      else next.delete(section);
      return next;
    });
  }, []);
  const hasEdits = dirty.size > 0;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasEdits && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, however often the page renders meanwhile.
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('domain.settings.leaveTitle'),
      content: t('domain.settings.leaveContent'),
      okText: t('domain.settings.leave'),
      cancelText: t('domain.settings.stay'),
      okButtonProps: { danger: true, 'data-testid': 'leave-confirm' },
      onOk: () => {
        asking.current = false;
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t]);

  useEffect(() => {
    if (!hasEdits) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [hasEdits]);

  return { setDirty, hasEdits };
}
