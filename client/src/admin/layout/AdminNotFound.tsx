import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useAdminTitle } from './AdminPage';

/** An /admin path without a screen (or a screen of a later issue). */
export default function AdminNotFound() {
  useAdminTitle('找不到頁面');
  return (
    <Result
      status="404"
      title="找不到頁面"
      subTitle="這個管理頁面不存在或尚未開放。"
      extra={
        <Link to="/admin">
          <Button type="primary">回到管理後台</Button>
        </Link>
      }
    />
  );
}
