import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, type FormListFieldData, Table, type TableColumnsType, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface EditableRowsProps {
  /** The rows of the Form.List the table edits. */
  fields: FormListFieldData[];
  /** The row's own columns; the remove column is added after them. */
  columns: TableColumnsType<FormListFieldData>;
  emptyText: string;
  removeLabel: string;
  onRemove(index: number): void;
  addLabel: string;
  onAdd(): void;
  /** The list is full. */
  addDisabled: boolean;
  addTestId: string;
  /** Shown between the table and the add button (the list's own errors). */
  footer?: ReactNode;
  /** Room under the add button, when the section goes on below it. */
  spaceBelow?: number;
}

/** The rows of a Form.List edited as a table, each with a remove button, and a button that adds one. */
export function EditableRows(props: EditableRowsProps) {
  const { fields, columns, removeLabel, onRemove } = props;
  const removeColumn: TableColumnsType<FormListFieldData>[number] = {
    key: 'remove',
    width: 56,
    render: (_, field) => (
      <Tooltip title={removeLabel}>
        <Button
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={removeLabel}
          onClick={() => onRemove(field.name)}
        />
      </Tooltip>
    ),
  };
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={fields}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: props.emptyText }}
        columns={[...columns, removeColumn]}
      />
      {props.footer}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 12, marginBottom: props.spaceBelow }}
        disabled={props.addDisabled}
        onClick={props.onAdd}
        data-testid={props.addTestId}
      >
        {props.addLabel}
      </Button>
    </>
  );
}
