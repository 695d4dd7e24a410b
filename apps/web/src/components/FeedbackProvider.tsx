import { ConfigProvider } from 'antd';
import AppContext from 'antd/es/app/context';
import useAppStyle from 'antd/es/app/style';
import { type ComponentType, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { bindFeedback, type FeedbackApis, feedback, onFeedbackWaiting } from '../lib/feedback';
import { onFirstInteraction } from '../lib/first-interaction';
import { loadOnce } from '../navigation/lazy-page';
import type { FeedbackHoldersProps } from './FeedbackHolders';

const loadHolders = loadOnce(() => import('./FeedbackHolders').then((module) => module.FeedbackHolders));

/**
 * antd's App: its root element and style, and the message, notification and modal of App.useApp(). No page needs
 * their holders to be drawn (they bring antd's Modal along), so they are fetched at the first press or key stroke,
 * before anything the person does can fail, or by the first call made before that; until they are mounted, calls wait
 * for them (lib/feedback.ts). A visitor who only looks never downloads them.
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
    const mount = () => {
      loadHolders().then(
        (holders) => setHolders(() => holders),
        (error: unknown) => console.error(error),
      );
    };
    onFeedbackWaiting(mount);
    return onFirstInteraction(window, mount);
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
