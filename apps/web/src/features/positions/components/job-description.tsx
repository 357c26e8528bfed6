import { descriptionBlocks } from '@careers/contracts';
import { useMemo } from 'react';

/**
 * The description as paragraphs and lists of plain text (positions.ts: never HTML), so no employer markup
 * can run in a candidate's browser.
 */
export function JobDescription({ description }: { description: string }) {
  const blocks = useMemo(() => descriptionBlocks(description), [description]);
  return (
    <div className="job-description">
      {blocks.map((block, index) =>
        block.kind === 'paragraph' ? (
          <p key={index}>{block.text}</p>
        ) : (
          <ul key={index}>
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
