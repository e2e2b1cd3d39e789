import { Form, Input, Typography } from 'antd';

interface ImportPasswordFieldsProps {
  /** Bundle files of the databases that need one (`databases/examples.yaml`). */
  files: readonly string[];
  values: Readonly<Record<string, string>>;
  onChange: (file: string, password: string) => void;
  /** "charts", "datasets": what the databases come with. */
  importing: string;
}

/** Exports mask database passwords; importing a database that is new here needs each typed again. */
export function ImportPasswordFields({ files, values, onChange, importing }: ImportPasswordFieldsProps) {
  return (
    <div data-test="import-passwords">
      <Typography.Title level={5}>Database passwords</Typography.Title>
      <Typography.Paragraph type="secondary">
        The passwords for the databases below are needed in order to import them together with the {importing}. Secure extra settings and
        certificates are not part of export files: add them to the database after the import if it needs them.
      </Typography.Paragraph>
      {files.map((file) => (
        <Form.Item key={file} label={`${file} password`} htmlFor={`import-password-${file}`} layout="vertical" required>
          <Input.Password
            id={`import-password-${file}`}
            autoComplete="new-password"
            value={values[file] ?? ''}
            onChange={(event) => onChange(file, event.target.value)}
            data-test="import-password"
          />
        </Form.Item>
      ))}
    </div>
  );
}
