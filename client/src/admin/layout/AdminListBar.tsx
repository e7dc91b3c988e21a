import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import type { ReactNode } from 'react';

interface SearchProps {
  /** The keyword in the address (the box starts from it, and follows it). */
  keyword: string;
  placeholder: string;
  'aria-label': string;
  /** A search (Enter or 搜尋), trimmed. */
  onSearch: (keyword: string) => void;
  /** Adds the 重新整理 button. */
  onRefresh?: () => void;
  /** More filters after the box. */
  children?: ReactNode;
}

/** The search row of an admin list: keyword box (Enter searches), optional filters, 重新整理. */
export function AdminSearchBar({ keyword, placeholder, 'aria-label': label, onSearch, onRefresh, children }: SearchProps) {
  return (
    <div className="ss-admin-filters">
      <Input.Search
        key={keyword}
        defaultValue={keyword}
        placeholder={placeholder}
        allowClear
        enterButton="搜尋"
        maxLength={100}
        aria-label={label}
        className="ss-admin-search"
        onSearch={(q) => onSearch(q.trim())}
      />
      {children}
      {onRefresh && <Button icon={<ReloadOutlined />} onClick={onRefresh} aria-label="重新整理" />}
    </div>
  );
}

/** A list that could not be read: what went wrong, with 重試. */
export function LoadFailedAlert({ title, description, onRetry }: { title: ReactNode; description?: ReactNode; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={description}
      action={
        <Button size="small" onClick={onRetry}>
          重試
        </Button>
      }
      style={{ marginBottom: 12 }}
    />
  );
}
