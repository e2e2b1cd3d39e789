import { Flex, Spin } from 'antd';

/** Shown while a page's code chunk loads. */
export function PageFallback() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: 240 }}>
      <Spin size="large" aria-label="Loading page" />
    </Flex>
  );
}
