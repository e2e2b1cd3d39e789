/** Icons only the chart and dataset lists use (kept here rather than in ui/icons to stay out of shared files). */
export { default as StarFilled } from '@ant-design/icons/StarFilled';
export { default as StarOutlined } from '@ant-design/icons/StarOutlined';
export { default as CompassOutlined } from '@ant-design/icons/CompassOutlined';
export { default as SyncOutlined } from '@ant-design/icons/SyncOutlined';
