import { useState } from 'react';
import { App, Button, Empty, Form, Input, Modal, Popover } from 'antd';
import { DeleteOutlined, DownOutlined, StarOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIST_VIEW_NAME_MAX } from '@hotline/domain';
import { deleteView, saveView, viewsKey, viewsQuery, type ListViews } from '../views-api';

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface SavedViewsProps {
  /** The list's key: its queue id, or `orders` for the whole list. */
  listKey: string;
  /** The filter shown now, as its URL query (what a view keeps). */
  current: Record<string, string>;
  /** Shows a saved view's filter (its query replaces the list's). */
  onApply: (query: Record<string, string>) => void;
}

/**
 * 我的查询: the user's saved filters of this list, one click to apply; the filter shown now can
 * be saved under a name (a taken name is replaced). Kept on the server per user and list.
 */
export function SavedViews({ listKey, current, onApply }: SavedViewsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const views = useQuery(viewsQuery(listKey)).data?.views ?? [];
  const [naming, setNaming] = useState(false);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const settle = (data: ListViews) => queryClient.setQueryData(viewsKey(listKey), data);
  const save = useMutation({
    mutationFn: (name: string) => saveView(listKey, name, current),
    onSuccess: (data, name) => {
      settle(data);
      setNaming(false);
      void message.success(t('workOrders.views.saved', { name }));
    },
    onError: (error) => void message.error(errorText(error)),
  });
  const remove = useMutation({
    mutationFn: (name: string) => deleteView(listKey, name),
    onSuccess: settle,
    onError: (error) => void message.error(errorText(error)),
  });
  // A popover of plain buttons, not a menu: a menu item may not hold its delete button.
  const content = (
    <div className="hl-views" data-testid="saved-views-list">
      {views.length ? (
        <ul>
          {views.map((v) => (
            <li key={v.name}>
              <Button
                type="text"
                className="hl-view-name"
                onClick={() => {
                  setOpen(false);
                  onApply(v.query);
                }}
              >
                {v.name}
              </Button>
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('workOrders.views.delete', { name: v.name })}
                loading={remove.isPending && remove.variables === v.name}
                onClick={() => remove.mutate(v.name)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workOrders.views.none')} />
      )}
      <Button
        block
        icon={<StarOutlined />}
        onClick={() => {
          setOpen(false);
          form.resetFields();
          setNaming(true);
        }}
      >
        {t('workOrders.views.saveCurrent')}
      </Button>
    </div>
  );
  return (
    <>
      <Popover
        content={content}
        trigger="click"
        open={open}
        onOpenChange={setOpen}
        placement="bottomLeft"
      >
        <Button data-testid="saved-views" aria-expanded={open}>
          {t('workOrders.views.title')} <DownOutlined />
        </Button>
      </Popover>
      <Modal
        open={naming}
        title={t('workOrders.views.saveCurrent')}
        onCancel={() => setNaming(false)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={({ name }) => save.mutate(name.trim())}>
          <Form.Item
            name="name"
            label={t('workOrders.views.name')}
            extra={t('workOrders.views.nameHint')}
            rules={[{ required: true, whitespace: true, message: t('workOrders.views.nameEmpty') }]}
          >
            <Input maxLength={LIST_VIEW_NAME_MAX} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
