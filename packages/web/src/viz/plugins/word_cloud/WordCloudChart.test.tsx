import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { WordCloudChart } from './WordCloudChart';
import { transformProps } from './transformProps';
import { chartProps, chartResult } from '../../shared/testing/fixtures';

describe('WordCloudChart', () => {
  it('draws each word as SVG text sized by its metric', () => {
    const onRendered = vi.fn();
    const result = chartResult([{ name: 'Mary', count: 10 }, { name: 'John', count: 30 }]);
    const props = transformProps(chartProps({ viz_type: 'word_cloud', series: 'name', metric: 'count', size_from: 10, size_to: 40 }, [result]));
    const { container } = render(<WordCloudChart props={props} width={400} height={300} onRendered={onRendered} />);
    const texts = [...container.querySelectorAll('text')];
    expect(texts.map((t) => [t.textContent?.replace(/^.*?: \d+/, ''), t.getAttribute('font-size')])).toEqual([['John', '40'], ['Mary', '10']]);
    expect(onRendered).toHaveBeenCalled();
  });
});
