import { useEffect } from 'react';
import { BigNumberView } from '../../shared/bigNumber/BigNumberView';
import type { RendererProps } from '../../types';
import type { BigNumberTotalProps } from './transformProps';

export function BigNumberTotalChart({ props, width, height, onRendered }: RendererProps<BigNumberTotalProps>) {
  useEffect(() => {
    onRendered?.();
  }, [props, onRendered]);
  return <BigNumberView {...props} width={width} height={height} />;
}
