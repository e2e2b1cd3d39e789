/** Icons only import and export use (kept here rather than in ui/icons to stay out of shared files). */
export { default as ExportOutlined } from '@ant-design/icons/ExportOutlined';
export { default as ImportOutlined } from '@ant-design/icons/ImportOutlined';
export { default as UploadOutlined } from '@ant-design/icons/UploadOutlined';
