import { Button, Popover, Typography } from 'antd';
import { SQLLAB_ACTIONS } from '../actions/registry';

/** "Keyboard shortcuts": generated from the actions registry. */
export function ShortcutsHelp() {
  const content = (
    <table data-test="shortcuts-help">
      <tbody>
        {SQLLAB_ACTIONS.map((action) => (
          <tr key={action.name}>
            <td style={{ paddingRight: 16 }}>
              {action.shortcuts.map((s) => (
                <Typography.Text key={s} keyboard>
                  {s}
                </Typography.Text>
              ))}
            </td>
            <td>{action.label}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Popover title="Keyboard shortcuts" content={content} trigger="click">
      <Button type="text" data-test="shortcuts-button">
        Keyboard shortcuts
      </Button>
    </Popover>
  );
}
