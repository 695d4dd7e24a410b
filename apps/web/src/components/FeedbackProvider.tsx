import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { type ComponentType, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { bindFeedback, type FeedbackApis, feedback } from '../lib/feedback';
import { withTimeout } from '../navigation/lazy-page';
import type { FeedbackHoldersProps } from './FeedbackHolders';

/**
 * antd's App: its root element and style, and the message, notification and modal of App.useApp(). No page needs
 * their holders to be drawn (they bring antd's Modal along), so they are fetched after the first render; until they
 * are mounted, calls wait for them (lib/feedback.ts).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useAppStyle(prefixCls);
  const [apis, setApis] = useState<FeedbackApis>(() => ({ ...feedback }));
  const [Holders, setHolders] = useState<ComponentType<FeedbackHoldersProps>>();
  const onReady = useCallback((ready: FeedbackApis) => {
    bindFeedback(ready);
    setApis(ready);
  }, []);

  useEffect(() => {
    withTimeout(() => import('./FeedbackHolders'))().then(
      (module) => setHolders(() => module.FeedbackHolders),
      (error: unknown) => console.error(error),
    );
  }, []);

  return (
    <AppContext.Provider value={apis}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {Holders ? <Holders onReady={onReady} /> : null}
        {children}
      </div>
    </AppContext.Provider>
  );
}
