import type { HTMLAttributes } from 'react';
import './card.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'article' | 'div';
  padding?: 'md' | 'lg';
}

export function Card({ as: Tag = 'section', padding = 'md', className, ...rest }: CardProps) {
  return <Tag {...rest} className={['ui-card', `ui-card--${padding}`, className].filter(Boolean).join(' ')} />;
}
