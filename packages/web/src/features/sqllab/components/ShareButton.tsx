import { Button } from 'antd';
import { sqllabApi } from '../../../api/sqllabApi';
import { LinkOutlined } from '../../../ui/icons';
import { getClientErrorObject, useCopyToClipboard } from '../../errors';
import { useToasts } from '../../toasts';
import { useSqlLabDispatch } from '../hooks/useSqlLabStore';
import type { QueryEditor } from '../state/types';

/** Stores a permalink of the tab and copies its URL. */
export function ShareButton({ editor }: { editor: QueryEditor }) {
  const dispatch = useSqlLabDispatch();
  const copy = useCopyToClipboard();
  const { addDangerToast } = useToasts();
  const share = async () => {
    try {
      const { url } = await dispatch(
        sqllabApi.endpoints.createSqlPermalink.initiate({
          autorun: editor.autorun,
          dbId: editor.dbId,
          name: editor.name,
          schema: editor.schema,
          sql: editor.sql,
          templateParams: editor.templateParams,
        }),
      ).unwrap();
      await copy(url);
    } catch (caught) {
      addDangerToast(getClientErrorObject(caught).error);
    }
  };
  return (
    <Button icon={<LinkOutlined />} data-test="share-query-button" onClick={() => void share()}>
      Copy link
    </Button>
  );
}
