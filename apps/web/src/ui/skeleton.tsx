import './skeleton.css';

export interface SkeletonProps {
  /** Text lines to stand in for. */
  lines?: number;
  height?: number | string;
  width?: number | string;
}

export function Skeleton({ lines = 1, height, width }: SkeletonProps) {
  return (
    <span className="ui-skeleton" aria-hidden="true">
      {Array.from({ length: lines }, (_, index) => (
        <span
          key={index}
          className="ui-skeleton__line"
          style={{ height, width: index === lines - 1 && lines > 1 ? '60%' : width }}
        />
      ))}
    </span>
  );
}
