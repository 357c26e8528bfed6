import { descriptionBlocks } from '@careers/contracts';
import { useMemo } from 'react';

/**
 * The description as paragraphs and lists of plain text (positions.ts: never HTML), so no employer markup
 * can run in a candidate's browser. Each block takes the direction of its own text (dir="auto"): an English
 * description on an Arabic page reads left to right, its full stops at the end (issue 13, bidi-safe content).
 */
export function JobDescription({ description }: { description: string }) {
  const blocks = useMemo(() => descriptionBlocks(description), [description]);
  return (
    <div className="job-description">
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index} dir="auto">
            {block.text}
          </p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex} dir="auto">
                {item}
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
