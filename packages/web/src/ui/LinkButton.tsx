import type { MouseEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, type ButtonProps } from 'antd';

export interface LinkButtonProps extends Omit<ButtonProps, 'href' | 'onClick'> {
  to: string;
  children?: ReactNode;
}

/** A button-styled link (`<a href>`) that navigates inside the SPA on a plain click; modified clicks open new tabs as usual. */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(to);
  };
  return <Button {...props} href={to} onClick={onClick} />;
}
