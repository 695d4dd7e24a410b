import { limits, type NoticeListKind, type NoticeSummary, noticeListKinds } from '@edgeward/contract';
import { Badge, Button, Card, Flex, Grid, List, Space, Tabs } from 'antd';
import { useCallback, useState } from 'react';
import { useDeleteAll, useDeleteNotice, useMarkRead, useNotices, useReadAll } from '../../api/message';
import { Authorized } from '../../components/Authorized';
import { ConfirmButton } from '../../components/ConfirmButton';
import { DataState } from '../../components/DataState';
import { PageContainer } from '../../components/PageContainer';
import { accessibleTabBar } from '../../components/tab-bar';
import { useI18n } from '../../i18n';
import { useUnreadCount } from '../../stores/unread';
import { MessageDetailDrawer } from './MessageDetailDrawer';
import { MessageSummary } from './MessageSummary';

function MessageList({ kind, onOpen }: { kind: NoticeListKind; onOpen: (id: number) => void }) {
  const { t } = useI18n();
  // 0-based, as the spec has the message list's page; the pager shows it from 1.
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(limits.message.pageSize);
  const list = useNotices(kind, page, size);
  const markRead = useMarkRead();
  const remove = useDeleteNotice();
  // On a phone the actions go under the message, leaving its title the width of the screen.
  const phone = Grid.useBreakpoint().md === false;

  const item = (m: NoticeSummary) => (
    <List.Item
      data-testid="message-item"
      actions={[
        <Authorized key="read" permissionId="msg" action="edit">
          <Button
            type="link"
            size="small"
            onClick={() => markRead.mutate({ id: m.id, read: !m.read })}
            data-testid={m.read ? 'message-mark-unread' : 'message-mark-read'}
          >
            {t(m.read ? 'message.action.markUnread' : 'message.action.markRead')}
          </Button>
        </Authorized>,
        <Authorized key="delete" permissionId="msg" action="delete">
          <ConfirmButton
            type="link"
            size="small"
            danger
            dangerous
            title={t('message.delete.title')}
            okText={t('message.action.delete')}
            onConfirm={() => remove.mutateAsync(m.id)}
            data-testid="message-delete"
          >
            {t('message.action.delete')}
          </ConfirmButton>
        </Authorized>,
      ]}
    >
      <MessageSummary message={m} onOpen={onOpen} />
    </List.Item>
  );

  return (
    <DataState
      remote={list}
      failure={t('message.list.loadFailed')}
      isEmpty={(data) => data.total === 0}
      empty={t(`message.list.empty.${kind}`)}
    >
      {(data) => (
        <List<NoticeSummary>
          itemLayout={phone ? 'vertical' : 'horizontal'}
          dataSource={data.list}
          renderItem={item}
          pagination={{
            current: page + 1,
            pageSize: size,
            total: data.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100],
            showTotal: (total) => t('common.total', { total }),
            onChange: (next, nextSize) => {
              setPage(nextSize === size ? next - 1 : 0);
              setSize(nextSize);
            },
          }}
        />
      )}
    </DataState>
  );
}

/** /msg: the message centre with the tabs all, unread and read (spec section 2). */
export default function MessagePage() {
  const { t } = useI18n();
  const [kind, setKind] = useState<NoticeListKind>('all');
  const [opened, setOpened] = useState<number>();
  const unread = useUnreadCount();
  const readAll = useReadAll();
  const deleteAll = useDeleteAll();
  const close = useCallback(() => setOpened(undefined), []);

  const toolbar = (
    <Space wrap>
      <Authorized permissionId="msg" action="edit">
        <Button onClick={() => readAll.mutate()} loading={readAll.isPending} data-testid="message-read-all">
          {t('message.action.readAll')}
        </Button>
      </Authorized>
      <Authorized permissionId="msg" action="delete">
        <ConfirmButton
          danger
          dangerous
          mode="modal"
          title={t('message.deleteAll.title')}
          description={t('message.deleteAll.description')}
          okText={t('message.action.deleteAll')}
          onConfirm={() => deleteAll.mutateAsync()}
          data-testid="message-delete-all"
        >
          {t('message.action.deleteAll')}
        </ConfirmButton>
      </Authorized>
    </Space>
  );

  return (
    <PageContainer>
      <Card>
        <Tabs
          renderTabBar={accessibleTabBar}
          activeKey={kind}
          onChange={(key) => setKind(key as NoticeListKind)}
          tabBarExtraContent={toolbar}
          destroyOnHidden
          items={noticeListKinds.map((k) => ({
            key: k,
            label: (
              <Flex gap={6} align="center" data-testid={`message-tab-${k}`}>
                {t(`message.tab.${k}`)}
                {k === 'unread' && unread > 0 ? <Badge count={unread} size="small" /> : null}
              </Flex>
            ),
            children: <MessageList kind={k} onOpen={setOpened} />,
          }))}
        />
      </Card>
      {opened !== undefined ? <MessageDetailDrawer id={opened} onClose={close} /> : null}
    </PageContainer>
  );
}
